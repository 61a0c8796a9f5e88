/**
 * No error output prints a statement's bound values (issue 11, item 17): a real duplicate-key error
 * of the database (SQLite, or MariaDB with DATABASE_URL) on a row holding an argon2id hash and an
 * e-mail, as the kernel's logger writes it (directly, and as a request's 500 with its request id)
 * and as the tools print an unexpected failure: the code, table and constraint are there, the hash,
 * the duplicated e-mail and the statement are not.
 */
import http from 'node:http';
import { expect } from 'chai';
import Koa from 'koa';
import { createTestKernel, TEST_ADMIN, type TestKernel } from '@comptoir/sdk/testing';
import { createLogger } from '../../server/src/app/logger.ts';
import { redactDriverMessage, safeMessage, serializeError } from '../../server/src/app/safe-error.ts';
import { errorMiddleware } from '../../server/src/http/errors.ts';
import { requestIdMiddleware } from '../../server/src/http/request-id.ts';
import { describeFailure } from '../../tools/src/cli.ts';

const mysql = Boolean(process.env.DATABASE_URL);
const CODE = mysql ? 'ER_DUP_ENTRY' : 'SQLITE_CONSTRAINT_UNIQUE';

/** A logger writing its JSON lines here. */
function memoryLogger() {
  const lines: string[] = [];
  const log = createLogger({ logLevel: 'info' }, { write: (s: string) => { lines.push(s); } });
  return { log, text: () => lines.join('') };
}

describe('kernel : erreurs sans valeurs liées', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let hash: string;
  /** the administrator's row again under a new id: its e-mail is taken */
  let duplicate: () => Promise<unknown>;

  before(async () => {
    k = await createTestKernel();
    const row = await k.db('kernel_users').where({ email: TEST_ADMIN.email }).first();
    hash = row.password;
    expect(hash).to.match(/^\$argon2id\$/);
    duplicate = () => k.db('kernel_users').insert({ ...row, _id: '6b0000000000000000000001' });
  });
  after(() => k?.stop());

  const provoke = async (): Promise<Error> => {
    try { await duplicate(); } catch (e) { return e as Error; }
    throw new Error('no duplicate-key error');
  };

  const expectNoValue = (text: string) => {
    expect(text).not.to.include(hash);
    expect(text).not.to.include('$argon2');
    expect(text).not.to.include(TEST_ADMIN.email);
    expect(text.toLowerCase()).not.to.include('insert into');
  };

  it('le journal d’une erreur de clé en double : code, table et contrainte, ni hachage ni e-mail ni requête', async () => {
    const err = await provoke();
    expect((err as { code?: string }).code).to.equal(CODE);
    const { log, text } = memoryLogger();
    log.error({ err }, 'unexpected error');
    const line = JSON.parse(text());
    expectNoValue(text());
    expect(line.err.code).to.equal(CODE);
    expect(line.err.message).to.include(CODE);
    expect(line.err).not.to.have.property('sql');
    expect(line.err).not.to.have.property('sqlMessage');
    expect(line.err.stack).to.match(/\n\s+at /);
    if (mysql) {
      expect(line.err.message).to.equal("ER_DUP_ENTRY: Duplicate entry '…' for key 'kernel_users_email_uq'");
      expect(line.err).to.deep.include({ errno: 1062, constraint: 'kernel_users_email_uq' });
    } else {
      expect(line.err.message).to.equal('SQLITE_CONSTRAINT_UNIQUE: UNIQUE constraint failed: kernel_users.email');
      expect(line.err).to.deep.include({ table: 'kernel_users', constraint: 'kernel_users.email' });
    }
    // nested (a cause) and as a bare string (the mail queue logs `err: message`)
    log.error({ err: new Error('boot failed', { cause: err }) }, 'wrapped');
    log.warn({ err: err.message }, 'as text');
    expectNoValue(text());
  });

  it('une réponse 500 : le journal de la requête porte son identifiant et le code, pas les valeurs', async () => {
    const { log, text } = memoryLogger();
    const app = new Koa();
    app.use(requestIdMiddleware(log));
    app.use(errorMiddleware());
    app.use(async () => { await duplicate(); });
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/x`, { headers: { 'X-Request-Id': 'demande-0001' } });
      expect(res.status).to.equal(500);
      const body = await res.json() as { message: string };
      expect(body.message).to.equal('Erreur interne du serveur. Référence : demande-0001.');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const failed = text().split('\n').filter(Boolean).map((l) => JSON.parse(l)).find((l) => l.msg === 'unexpected error');
    expect(failed).to.deep.include({ requestId: 'demande-0001' });
    expect(failed.err.code).to.equal(CODE);
    expectNoValue(text());
  });

  it('les outils (`npm start`, `npm run …`) affichent une erreur inattendue sans valeurs', async () => {
    const err = await provoke();
    const said = describeFailure('Démarrage impossible', err);
    expect(said).to.match(/^Démarrage impossible : erreur inattendue — /);
    expect(said).to.include(CODE);
    expectNoValue(said);
    expectNoValue(JSON.stringify(serializeError(err)));
    expectNoValue(safeMessage(err));
  });

  it('les phrases du pilote : les valeurs citées deviennent « … », les noms de clé, colonne et table restent', () => {
    expect(redactDriverMessage("Duplicate entry 'chef@exemple.fr' for key 'kernel_users_email_uq'")).to.equal("Duplicate entry '…' for key 'kernel_users_email_uq'");
    expect(redactDriverMessage("Duplicate entry 'a\\'b-c' for key 'kernel_users.kernel_users_email_uq'")).to.equal("Duplicate entry '…' for key 'kernel_users.kernel_users_email_uq'");
    expect(redactDriverMessage("Incorrect integer value: 'abc' for column 'n' at row 1")).to.equal("Incorrect integer value: '…' for column 'n' at row 1");
    expect(redactDriverMessage("Table 'comptoir.kernel_x' doesn't exist")).to.equal("Table 'comptoir.kernel_x' doesn't exist");
    expect(redactDriverMessage('near "motdepasse": syntax error')).to.equal('near "…": syntax error');
    expect(redactDriverMessage('UNIQUE constraint failed: kernel_users.email')).to.equal('UNIQUE constraint failed: kernel_users.email');
  });
});
