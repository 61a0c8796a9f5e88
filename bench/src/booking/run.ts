/**
 * `node --import tsx bench/src/booking/run.ts [--engine=sqlite|mysql|both] [--duration=6] [--connections=10] [--bookings=600]`:
 * room booking (bench/README.md « Booking suite »).
 *
 * Per engine: a fresh database, the kernel with contacts, catalogue, invoicing and booking; a room
 * open 08:00–22:00 every day, several bookings per slot, four shared resources in two grouping
 * codes (three lanes of 6 people, one coach of 20), two bookers; `--bookings` bookings over the
 * next 31 days made through the plugin's own service (every rule checked), then:
 * - a1: free starts of that room over 31 days, 15-minute starts, 2 slots, 2 adults (in process,
 *   `availabilityOf`: the reads and the engine), median of 30 runs, target ≤ 20 ms; split into the
 *   engine alone (the same data already in memory) and, as the floor, the bookings' SQL alone
 *   written by hand with bare knex;
 * - h1: public free starts of one day over HTTP (what the public page asks, only the company
 *   header), against a floor: bare Koa + knex answering the same day's bookings of the room as
 *   JSON, interleaved kernel, floor, floor, kernel.
 */
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Koa from 'koa';
import type { Knex } from 'knex';
import type { CallContext } from '@comptoir/sdk';
import { freshDatabase, type Engine } from '../database.ts';
import { bootKernel, loginAdmin } from '../kernel.ts';
import { LoadProcess, type LoadSummary } from '../measure.ts';
import type { ReservableRoom } from '@comptoir/plugin-booking/contract';
import { Bookers, Rooms } from '../../../plugins/booking/server/entities.ts';
import { bookingsService } from '../../../plugins/booking/server/services/bookings/book.ts';
import { availabilityOf } from '../../../plugins/booking/server/services/availability/availability.ts';
import { engineRoom, heldOf, liveBookings, openIntervals, roomSettings } from '../../../plugins/booking/server/services/availability/load.ts';
import { freeStarts } from '../../../plugins/booking/server/services/availability/engine.ts';

const ROOT = path.join(import.meta.dirname, '..', '..', '..');
const PLUGINS = ['contacts', 'catalogue', 'invoicing', 'booking'].map((p) => path.join(ROOT, 'plugins', p));
const RESULTS = path.join(ROOT, 'bench', 'results');
const DAY = 86_400_000;
const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WENESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** median wall time of `n` runs, ms; and the median CPU time of this process (user + system), which a loaded machine moves less */
const cpu: number[] = [];
async function timed(n: number, fn: () => Promise<unknown> | unknown): Promise<number> {
  const times: number[] = [];
  cpu.length = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    times.push(performance.now() - t);
  }
  return median(times);
}
const lastCpu = () => median(cpu);

/** the floor of h1: the room's confirmed bookings overlapping the day, by hand, as JSON */
async function startFloor(db: Knex, companyId: string): Promise<{ url: string; stop(): Promise<void> }> {
  const app = new Koa();
  app.use(async (ctx) => {
    const m = /^\/rooms\/([0-9a-f]{24})\/availability$/.exec(ctx.path);
    if (!m) { ctx.status = 404; return; }
    const rows = await db('booking_bookings').where({ fk_company: companyId, fk_room: m[1], status: 'confirmed' })
      .where('startDate', '<', String(ctx.query.to)).where('endDate', '>', String(ctx.query.from))
      .orderBy('startDate').select('startDate', 'endDate', 'quantity', 'sharedResourcesUUIds');
    ctx.body = { starts: rows };
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function seed(ctx: CallContext, count: number, start: number): Promise<{ room: ReservableRoom; adult: string; made: number }> {
  const adult = await ctx.repo(Bookers).create({ name: 'Adulte' });
  const child = await ctx.repo(Bookers).create({ name: 'Enfant' });
  const room = await ctx.repo(Rooms).create({
    name: 'Bowling', useEstablishmentHours: false, oneBookingPerSlotOnly: false,
    regularHours: [{ days: EVERY_DAY, openTimes: [{ start: { hours: 8, minutes: 0 }, end: { hours: 22, minutes: 0 } }] }],
    sharedRessources: [
      { name: 'Piste 1', uuid: 'p1', groupingCode: 'piste', maxBookers: 6, priority: 1 },
      { name: 'Piste 2', uuid: 'p2', groupingCode: 'piste', maxBookers: 6, priority: 2 },
      { name: 'Piste 3', uuid: 'p3', groupingCode: 'piste', maxBookers: 6, priority: 3 },
      { name: 'Moniteur', uuid: 'm1', groupingCode: 'moniteur', maxBookers: 20 },
    ],
    bookerSettings: [{ fk: { booker: adult._id }, maxElement: 30 }, { fk: { booker: child._id }, maxElement: 30 }],
    fk: { bookers: [adult._id, child._id] },
  }) as ReservableRoom;
  const service = bookingsService(ctx);
  let made = 0;
  // a fixed pseudo-random walk: the same bookings on both engines
  let x = 12345;
  const rnd = () => { x = (x * 1103515245 + 12345) % 2147483648; return x / 2147483648; };
  for (let i = 0; i < count; i++) {
    const day = Math.floor(rnd() * 31);
    const quarter = Math.floor(rnd() * 52); // 08:00 to 20:45 Paris, roughly
    const startDate = new Date(Math.floor((start + day * DAY) / DAY) * DAY + 7 * 3_600_000 + quarter * 15 * 60_000).toISOString();
    try {
      await service.create({ name: `Client ${i}`, startDate, slots: 1 + Math.floor(rnd() * 2), quantity: [{ booker: adult._id, quantity: 1 + Math.floor(rnd() * 3) }], fk: { room: room._id } });
      made++;
    } catch { /* full, or closed: a visitor would pick another start */ }
  }
  return { room: await ctx.repo(Rooms).get(room._id) as ReservableRoom, adult: adult._id, made };
}

async function main() {
  const { values } = parseArgs({ options: { engine: { type: 'string' }, duration: { type: 'string', default: '6' }, connections: { type: 'string', default: '10' }, bookings: { type: 'string', default: '600' } } });
  const engines: Engine[] = values.engine === 'both' ? ['sqlite', 'mysql'] : [(values.engine ?? 'sqlite') as Engine];
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const runner = new LoadProcess();
  fs.mkdirSync(RESULTS, { recursive: true });
  try {
    for (const engine of engines) {
      const database = await freshDatabase(engine);
      const booted = await bootKernel(database, PLUGINS);
      const floorDb = database.open();
      try {
        const admin = await loginAdmin(booted.url);
        const start = Date.now() + DAY;
        const seeded = await booted.kernel.asSystem(admin.companyId, (ctx) => seed(ctx, Number(values.bookings), start), 'booking');
        const { room, adult } = seeded;
        const from = new Date(Math.floor(start / DAY) * DAY).toISOString();
        const to = new Date(Date.parse(from) + 31 * DAY).toISOString();
        const query = { from, to, slots: '2', extensions: '0', quantity: JSON.stringify([{ booker: adult, quantity: 2 }]) };
        const asBooking = <T>(fn: (ctx: CallContext) => Promise<T>) => booted.kernel.asSystem(admin.companyId, fn, 'booking');
        const sample = await asBooking((ctx) => availabilityOf(ctx, room, query));
        await timed(5, () => asBooking((ctx) => availabilityOf(ctx, room, query)));
        const total = await timed(30, () => asBooking((ctx) => availabilityOf(ctx, room, query)));
        const totalCpu = lastCpu();
        const data = await asBooking(async (ctx) => ({
          engine: await engineRoom(ctx, room),
          open: await openIntervals(ctx, room, Date.parse(from), Date.parse(to) + DAY),
          held: (await liveBookings(ctx, room._id, Date.parse(from), Date.parse(to) + DAY)).map(heldOf),
        }));
        const ask = { slots: 2, extensions: 0, quantity: [{ booker: adult, quantity: 2 }] };
        const engineOnly = await timed(30, () => freeStarts(data.engine, roomSettings(room), data.open, data.held, ask, Date.parse(from), Date.parse(to), Date.now()));
        const engineCpu = lastCpu();
        const sql = await timed(30, () => floorDb('booking_bookings').where({ fk_company: admin.companyId, fk_room: room._id, status: 'confirmed' })
          .where('startDate', '<', to).where('endDate', '>', from).orderBy('startDate').select('*'));
        const sqlCpu = lastCpu();
        console.log(`\n== booking, ${engine}: ${seeded.made} bookings, ${sample.starts.length} free starts over 31 days`);
        console.log(`  a1. availability 31 days: ${total.toFixed(1)} ms, CPU ${totalCpu.toFixed(1)} ms (engine alone ${engineOnly.toFixed(1)} ms, CPU ${engineCpu.toFixed(1)}; SQL floor ${sql.toFixed(1)} ms, CPU ${sqlCpu.toFixed(1)}); load average ${os.loadavg()[0].toFixed(1)}`);

        // h1: the public page's request for one day, throttle counting on but its limit lifted for the load
        const plugin = booted.kernel.plugins.find((p) => p.def.id === 'booking')!;
        for (const r of plugin.def.routes ?? []) if (r.throttle) r.throttle.limit = 1e9;
        const dayFrom = new Date(Date.parse(from) + 7 * DAY).toISOString();
        const dayTo = new Date(Date.parse(dayFrom) + DAY).toISOString();
        const q = new URLSearchParams({ from: dayFrom, to: dayTo, slots: '1', quantity: JSON.stringify([{ booker: adult, quantity: 2 }]) }).toString();
        const floor = await startFloor(floorDb, admin.companyId);
        const job = (url: string) => ({ url, headers: { 'at-company': admin.companyId }, connections, duration: duration / 2, timeout: 10 });
        const parts = { kernel: [] as LoadSummary[], floor: [] as LoadSummary[] };
        for (const side of ['kernel', 'floor', 'floor', 'kernel'] as const) {
          parts[side].push(await runner.run(job(side === 'kernel' ? `${booted.url}/api/booking/public/rooms/${room._id}/availability?${q}` : `${floor.url}/rooms/${room._id}/availability?${q}`)));
        }
        await floor.stop();
        const rps = (xs: LoadSummary[]) => xs.reduce((s, x) => s + x.ok / x.seconds, 0) / xs.length;
        const kernelRps = rps(parts.kernel);
        const floorRps = rps(parts.floor);
        const non2xx = parts.kernel.reduce((s, x) => s + x.non2xx, 0);
        console.log(`  h1. public availability of one day: kernel ${Math.round(kernelRps)} req/s, floor ${Math.round(floorRps)} req/s, ratio ${(kernelRps / floorRps).toFixed(2)}, non-2xx ${non2xx}`);
        const md = [
          `# booking — ${engine} — ${new Date().toISOString()}`,
          '',
          `${seeded.made} bookings made through the service over 31 days (of ${values.bookings} asked), one room open 08:00–22:00, 4 shared resources in 2 grouping codes, several bookings per slot.`,
          '',
          `Load average at the end of a1: ${os.loadavg()[0].toFixed(1)} (2 cores). In-process times are medians of 30 runs, wall and CPU (user + system of this process).`,
          '',
          '| id | scenario | kernel | floor | kernel ÷ floor |',
          '| --- | --- | ---: | ---: | ---: |',
          `| a1 | free starts over 31 days, 15-min starts, 2 slots, 2 people (${sample.starts.length} starts), in process (target ≤ 20 ms) | ${total.toFixed(1)} ms wall, ${totalCpu.toFixed(1)} ms CPU | ${sql.toFixed(1)} ms wall, ${sqlCpu.toFixed(1)} ms CPU (the bookings' SQL by hand) | ${(total / sql).toFixed(1)} (CPU ${(totalCpu / sqlCpu).toFixed(1)}) |`,
          `| a1e | the engine alone on the same data in memory | ${engineOnly.toFixed(1)} ms wall, ${engineCpu.toFixed(1)} ms CPU | | |`,
          `| h1 | GET public free starts of one day, company header only (${connections} connections, ${duration} s per target, interleaved) | ${Math.round(kernelRps)} req/s | ${Math.round(floorRps)} req/s (bare Koa + knex: that day's bookings as JSON) | ${(kernelRps / floorRps).toFixed(2)} |`,
          '',
          `Kernel non-2xx answers during h1: ${non2xx}.`,
          '',
        ].join('\n');
        const file = path.join(RESULTS, `${new Date().toISOString().slice(0, 10)}-booking-${engine}.md`);
        fs.writeFileSync(file, md);
        console.log(`  written to ${path.relative(process.cwd(), file)}`);
      } finally {
        await floorDb.destroy();
        await booted.kernel.stop();
        await database.drop();
      }
    }
  } finally {
    runner.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
