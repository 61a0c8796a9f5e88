/**
 * One scenario against the kernel and the floor, the same way in both suites: a few requests alone
 * (warm-up, latency, the answers to compare, the statements counted), the check that both answer
 * the same thing, then the load, interleaved (measure.ts). And the cursors of deep pages.
 */
import type { Knex } from 'knex';
import { cursorPosition, getJson, type JsonAnswer } from './http.ts';
import type { BootedKernel } from './kernel.ts';
import { measurePair, probe, type LoadProcess } from './measure.ts';
import { ratioOf, type ScenarioResult, type Side } from './report.ts';
import { captureQueries, type Captured } from './sql-capture.ts';

/** below this many answers in the duration, a target is measured over a fixed number of requests */
export const MIN_ANSWERS = 20;
/** a cursor walk longer than this is replaced by the `next` of the previous page by number */
export const WALK_BUDGET_MS = 20_000;

/** What the comparison reads of a list answer. */
export type ListBody = { data?: { _id: string }[]; count?: number; next?: string | null; aggregation?: unknown };

/** Same ids in the same order, count, aggregation, and the position `next` names. */
export function listDifferences(k: JsonAnswer<ListBody>, f: JsonAnswer<ListBody>): string[] {
  const out: string[] = [];
  const kIds = (k.body.data ?? []).map((d) => d._id);
  const fIds = (f.body.data ?? []).map((d) => d._id);
  if (kIds.join() !== fIds.join()) out.push(`rows (${kIds.length} vs ${fIds.length} ids, first ${kIds[0]} vs ${fIds[0]})`);
  if (k.body.count !== f.body.count) out.push(`count ${k.body.count} vs ${f.body.count}`);
  if (JSON.stringify(k.body.aggregation ?? {}) !== JSON.stringify(f.body.aggregation ?? {})) {
    out.push(`aggregation ${JSON.stringify(k.body.aggregation)} vs ${JSON.stringify(f.body.aggregation)}`);
  }
  // the position a cursor names; the kernel's also carries the walk's sealed totals, which the
  // floor's may not
  if (cursorPosition(k.body.next) !== cursorPosition(f.body.next)) out.push(`next ${cursorPosition(k.body.next)} vs ${cursorPosition(f.body.next)}`);
  return out;
}

export interface CompareContext {
  duration: number;
  connections: number;
  runner: LoadProcess;
  booted: BootedKernel;
  floor: { url: string; db: Knex };
  /** the statements of one request of each scenario, by id: kernel's and floor's */
  captured: Map<string, Captured[]>;
  floorCaptured: Map<string, Captured[]>;
}

export interface Compared {
  id: string;
  title: string;
  about: string;
  /** `health`: the bodies compared as a whole; lists by listDifferences */
  kind?: 'list' | 'health';
}

export interface Targets {
  /** the full URL on each side */
  kernel: string;
  floor: string;
  /** the kernel's (the floor asks for none) */
  headers: Record<string, string>;
  /** the floor's, when the floor is a kernel too (the redis suite) */
  floorHeaders?: Record<string, string>;
}

export interface RunOptions {
  /** note the size of the kernel's answer (rows, count, aggregation) */
  noteAnswer?: boolean;
  /**
   * The answers compared by the caller (files: a PDF's text, an XML's bytes): the differences,
   * empty when the same. Replaces the comparison `kind` names.
   */
  compare?: (kernel: JsonAnswer, floor: JsonAnswer) => Promise<string[]>;
  /** a long request: fewer connections than the run's, and a fixed number of requests below this many answers */
  load?: { connections?: number; minAnswers?: number };
  /** a long request: no separate requests alone, those that count the statements serve (the last one's time and answer) */
  countedProbe?: boolean;
}

export async function runScenario(
  ctx: CompareContext, s: Compared, t: Targets, notes: string[] = [], o: RunOptions = {},
): Promise<ScenarioResult> {
  const result: ScenarioResult = {
    id: s.id, title: s.title, about: s.about, differences: [], notes: [...notes],
    kernel: { measured: null, queries: null }, floor: { measured: null, queries: null },
  };
  process.stdout.write(`  ${s.id}. ${s.title}: `);
  ctx.booted.logs.reset();

  // statements of one request: the fewer of two, so that the once-a-minute `lastAction` write of
  // the session does not count as part of the list
  const countOnce = async (db: Knex, url: string, h: Record<string, string>, twice = true) => {
    const times: number[] = [];
    const timed = () => captureQueries(db, async () => {
      const started = performance.now();
      const answer = await getJson(url, h);
      times.push(performance.now() - started);
      return answer;
    });
    const first = await timed();
    if (!twice) return { queries: first.queries, answer: first.result, times };
    const second = await timed();
    return { queries: second.queries.length < first.queries.length ? second.queries : first.queries, answer: second.result, times };
  };
  // a long request: the counted requests are also the ones alone (the time of the last); the floor
  // has no session and no background jobs whose statements a request of seconds would catch: one
  const sequential = async (db: Knex, url: string, h: Record<string, string>, side: 'kernel' | 'floor') => {
    const before = o.countedProbe ? null : await probe(url, h);
    const counted = await countOnce(db, url, h, side === 'kernel' || !o.countedProbe);
    return { counted, probe: before ?? { answer: counted.answer, ms: counted.times[counted.times.length - 1], requests: counted.times.length } };
  };
  const { counted: kCount, probe: kProbe } = await sequential(ctx.booted.kernel.db, t.kernel, t.headers, 'kernel');
  ctx.captured.set(s.id, kCount.queries);
  result.kernel.queries = kCount.queries.length;
  const { counted: fCount, probe: fProbe } = await sequential(ctx.floor.db, t.floor, t.floorHeaders ?? {}, 'floor');
  ctx.floorCaptured.set(s.id, fCount.queries);
  result.floor.queries = fCount.queries.length;
  const kOk = kProbe.answer.status === 200;
  const fOk = fProbe.answer.status === 200;
  const seq = (p: { ms: number }, ok: boolean) => `${ok ? '' : 'failed in '}${p.ms < 10 ? p.ms.toFixed(1) : Math.round(p.ms)} ms`;
  const how = o.countedProbe ? 'the last of the requests whose statements are counted: 2 / 1' : `median of ${kProbe.requests} / ${fProbe.requests} sequential`;
  result.notes.push(`one request alone (${how}): kernel ${seq(kProbe, kOk)}, floor ${seq(fProbe, fOk)}`);

  const answered = (a: JsonAnswer) => `HTTP ${a.status} ${JSON.stringify(a.body).slice(0, 200)}`;
  if (!kOk) {
    const logged = ctx.booted.logs.errors[0];
    result.kernel.error = `${answered(kProbe.answer)}${logged ? ` — logged: ${logged}` : ''}`;
  }
  if (!fOk) result.floor.error = answered(fProbe.answer);
  if (kOk && fOk) {
    result.differences = o.compare ? await o.compare(kProbe.answer, fProbe.answer) : s.kind === 'health'
      ? (JSON.stringify(kProbe.answer.body) === JSON.stringify(fProbe.answer.body) ? [] : ['bodies differ'])
      : listDifferences(kProbe.answer, fProbe.answer);
    if (o.noteAnswer) {
      const b = kProbe.answer.body as ListBody;
      result.notes.push(`answer: ${b.data?.length ?? 0} rows of ${b.count}, ${JSON.stringify(b.aggregation)}`);
    }
  }
  const big = kCount.queries.filter((q) => q.bindings.length > 1000);
  if (big.length) result.notes.push(`the kernel sent ${big.map((q) => q.bindings.length.toLocaleString('en-US')).join(' + ')} bound values in ${big.length} statement(s)`);

  const measured = await measurePair(
    ctx.runner,
    kOk ? { url: t.kernel, headers: t.headers, single: kProbe.ms } : null,
    fOk ? { url: t.floor, headers: t.floorHeaders ?? {}, single: fProbe.ms } : null,
    { duration: ctx.duration, connections: o.load?.connections ?? ctx.connections, minAnswers: o.load?.minAnswers ?? MIN_ANSWERS },
  );
  result.kernel.measured = measured.kernel;
  result.floor.measured = measured.floor;
  if (ctx.booted.logs.count && kOk) result.notes.push(`${ctx.booted.logs.count} error line(s) logged by the kernel under load: ${ctx.booted.logs.errors[0]}`);

  const ratio = ratioOf(result);
  const side = (x: Side) => (x.measured ? `${x.measured.load.rps.toFixed(1)} req/s` : x.error ? `FAILS (${x.error.slice(0, 120)})` : 'n/a');
  console.log(`kernel ${side(result.kernel)}, floor ${side(result.floor)}${ratio === null ? '' : `, ratio ${ratio.toFixed(2)}`}${result.differences.length ? ` — DIFFERENT ANSWERS: ${result.differences.join('; ')}` : ''}`);
  return result;
}

export interface CursorWalk {
  cursor: string | null;
  /** how it was obtained, for the report */
  how: string;
  error?: string;
}

/**
 * The cursor of page `page` (of `quantity` rows) of a list: walked from the start by `next`, 500
 * rows at a time (cursors do not depend on the page size), or, when the walk would take too long,
 * the `next` of page - 1 by number. `url` gives the list's URL for a pagination.
 */
export async function cursorFor(
  url: (pagination: Record<string, unknown>) => string, headers: Record<string, string>, page: number, quantity: number,
): Promise<CursorWalk> {
  const target = (page - 1) * quantity;
  const per = 500;
  let seen = 0;
  let cursor: string | null = null;
  let requests = 0;
  const started = performance.now();
  while (seen < target) {
    const res: JsonAnswer<ListBody> = await getJson<ListBody>(url({ quantity: Math.min(per, target - seen), ...(cursor ? { cursor } : {}) }), headers);
    if (res.status !== 200) return { cursor: null, how: 'walk by cursor', error: `HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 200)}` };
    seen += res.body.data?.length ?? 0;
    cursor = res.body.next ?? null;
    requests++;
    if (!cursor) return { cursor: null, how: 'walk', error: `the list ended after ${seen} rows` };
    const projected = ((performance.now() - started) / requests) * Math.ceil(target / per);
    if (requests === 2 && projected > WALK_BUDGET_MS) {
      const prev = await getJson<ListBody>(url({ quantity, page: page - 1 }), headers);
      if (prev.status !== 200) return { cursor: null, how: `\`next\` of page ${page - 1} by number`, error: `HTTP ${prev.status}` };
      return { cursor: prev.body.next ?? null, how: `\`next\` of page ${page - 1} by number (a walk by cursor would have taken about ${Math.round(projected / 1000)} s)` };
    }
  }
  return { cursor, how: `walked by cursor in ${requests} requests of up to ${per} rows (${((performance.now() - started) / 1000).toFixed(1)} s)` };
}

/** For the report: how a cursor was obtained, or why there is none. */
export const walkNote = (w: CursorWalk) => (w.error ? `no cursor (${w.how}: ${w.error})` : w.how);

/** The kernel's page by cursor checked against its page by number: a note, or null when either request failed. */
export async function samePageNote(byNumber: string, byCursor: string, headers: Record<string, string>, page: number): Promise<string | null> {
  const [a, b] = await Promise.all([getJson<ListBody>(byNumber, headers), getJson<ListBody>(byCursor, headers)]);
  if (a.status !== 200 || b.status !== 200) return null;
  const same = (a.body.data ?? []).map((d) => d._id).join() === (b.body.data ?? []).map((d) => d._id).join();
  return same ? `kernel: the page by cursor is exactly page ${page} by number` : `KERNEL: the page by cursor differs from page ${page} by number`;
}
