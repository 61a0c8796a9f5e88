/**
 * A second kernel process for the « fire once under two processes » tests: same database as the
 * test's kernel (DATA_DIR / DATABASE_URL), the contacts, catalogue and invoicing plugins, no
 * timer. The parent drives it over IPC: `{ tick: iso }` answers `{ report }` after one scheduler
 * round at that instant (its clock is then at that instant); `{ now: iso }` only sets its clock;
 * `{ listen: true }` serves HTTP on a free port and answers `{ url }` (« Lancer maintenant »
 * pressed on this process).
 *
 * With CRASH_ON_INVOICE_WRITE=1 the process kills itself (SIGKILL: no cleanup, no rollback of its
 * own) when its first invoice is about to be written — inside a run, its claim row inserted but
 * not committed: what a power cut or an OOM kill does mid-run.
 */
import path from 'node:path';
import { createKernel, loadConfig, openDatabase } from '@comptoir/server';

const plugins = ['contacts', 'catalogue', 'invoicing'].map((id) => path.resolve(import.meta.dirname, '../../..', id));
const config = loadConfig({ ...process.env, COMPTOIR_JOBS_INTERVAL: '0' });
const db = openDatabase(config);
if (process.env.CRASH_ON_INVOICE_WRITE === '1') {
  db.on('query', (q: { sql: string }) => {
    if (/^insert into [`"]?invoicing_invoices[`"]?/i.test(q.sql)) process.kill(process.pid, 'SIGKILL');
  });
}
let now = new Date();
const kernel = await createKernel({ config, pluginDirs: plugins, db, clock: { now: () => now } });

process.on('message', (msg: { tick?: string; listen?: boolean; now?: string }) => {
  if (msg.now) {
    now = new Date(msg.now);
    process.send!({ now: msg.now });
    return;
  }
  if (msg.listen) {
    kernel.listen(0, '127.0.0.1').then(({ url }) => process.send!({ url }), (err: Error) => process.send!({ error: err.message }));
    return;
  }
  if (!msg.tick) return;
  now = new Date(msg.tick);
  kernel.scheduler.tick(now).then(
    (report) => process.send!({ report }),
    (err: Error) => process.send!({ error: err.message }),
  );
});
process.on('disconnect', () => {
  void kernel.stop().finally(() => db.destroy().finally(() => process.exit(0)));
});
process.send!({ ready: true });
