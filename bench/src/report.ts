/**
 * The results of one engine as a Markdown page (bench/results/<date>-<engine>.md) and a console
 * table; the parts of the page both suites write (invoicing/report.ts writes the rest of its own).
 */
import type { Engine } from './database.ts';
import type { GenerateReport } from './generate.ts';
import type { Measured } from './measure.ts';

export interface Side {
  measured: Measured | null;
  /** SQL statements one request of this scenario sends (knex `query` events) */
  queries: number | null;
  /** why it was not measured, or what went wrong */
  error?: string;
}

export interface ScenarioResult {
  id: string;
  title: string;
  about: string;
  kernel: Side;
  floor: Side;
  /** correctness checks between the two answers (empty = identical) */
  differences: string[];
  notes: string[];
}

export interface Explain {
  title: string;
  sql: string;
  plan: string;
}

/** What every suite reports of one engine. */
export interface RunReport {
  engine: Engine;
  label: string;
  startedAt: Date;
  machine: string;
  rows: number;
  duration: number;
  connections: number;
  loadBefore: number[];
  loadAfter: number[];
  boot: { empty: number; migrated: number[] };
  results: ScenarioResult[];
  explains: Explain[];
  environment: string[];
  findings: string[];
  totalSeconds: number;
}

export interface EngineReport extends RunReport {
  generation: GenerateReport | null;
}

/** a rate: three significant figures or so */
export const f0 = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n >= 10 ? n.toFixed(1) : n.toFixed(2));
/** a latency in ms, in s above a second */
export const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)}`);

export function ratioOf(r: ScenarioResult): number | null {
  const k = r.kernel.measured?.load;
  const fl = r.floor.measured?.load;
  if (!k || !fl || fl.rps === 0) return null;
  return k.rps / fl.rps;
}

/** Observations that follow from the figures themselves. */
export function scenarioFindings(results: ScenarioResult[]): string[] {
  const out: string[] = [];
  for (const s of results) {
    if (s.kernel.error) out.push(`**${s.id}** fails on the kernel: ${s.kernel.error}`);
    const ratio = ratioOf(s);
    if (ratio !== null && ratio < 0.5) out.push(`**${s.id}** runs at ${ratio.toFixed(2)} of the floor (${s.title}).`);
    for (const n of s.notes.filter((x) => x.startsWith('the kernel sent'))) out.push(`**${s.id}**: ${n}.`);
    if (s.differences.length) out.push(`**${s.id}**: kernel and floor answers differ: ${s.differences.join('; ')}.`);
  }
  return out;
}

function cell(s: Side): { rps: string; lat: string } {
  if (!s.measured) return { rps: s.error ? 'fails' : 'n/a', lat: '' };
  const l = s.measured.load;
  if (l.ok === 0) return { rps: 'no answer in the window', lat: '' };
  const bad = [
    l.non2xx ? `${l.non2xx} non-2xx: ${Object.entries(l.statusCodes).filter(([c]) => !c.startsWith('2')).map(([c, n]) => `${n}×${c}`).join(' ')}` : '',
    l.timeouts ? `${l.timeouts} timeouts` : '',
    l.errors - l.timeouts > 0 ? `${l.errors - l.timeouts} connection errors` : '',
  ].filter(Boolean);
  return {
    rps: `${f0(l.rps)}${bad.length ? ` (${bad.join(', ')})` : ''}`,
    lat: `${ms(l.p50)} / ${ms(l.p99)}`,
  };
}

export function resultsTable(results: ScenarioResult[]): string {
  const lines = [
    '| scenario | kernel req/s | floor req/s | ratio | kernel p50 / p99 ms | floor p50 / p99 ms | SQL per request (kernel / floor) | load |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of results) {
    const k = cell(r.kernel);
    const fl = cell(r.floor);
    const ratio = ratioOf(r);
    const mode = [r.kernel.measured?.mode, r.floor.measured?.mode].filter(Boolean);
    const modeText = mode.length === 2 && mode[0] === mode[1] ? mode[0] : mode.join(' / ');
    lines.push(`| ${r.id}. ${r.title} | ${k.rps} | ${fl.rps} | ${ratio === null ? '—' : ratio.toFixed(2)} | ${k.lat} | ${fl.lat} | ${r.kernel.queries ?? '—'} / ${r.floor.queries ?? '—'} | ${modeText ?? ''} |`);
  }
  return lines.join('\n');
}

const engineName = (e: Engine) => (e === 'sqlite' ? 'SQLite' : 'MariaDB');

/** The title, then the database, the machine and its load. */
export function reportHeader(r: RunReport, title: string): string[] {
  const date = r.startedAt.toISOString().replace('T', ' ').slice(0, 16);
  return [
    `# ${title} — ${engineName(r.engine)} — ${date} UTC`, '',
    `- database: ${r.label}`,
    `- machine: ${r.machine}`,
    `- load average before / after: ${r.loadBefore.map((x) => x.toFixed(2)).join(' ')} / ${r.loadAfter.map((x) => x.toFixed(2)).join(' ')}`
      + (Math.max(...r.loadBefore, ...r.loadAfter) > 2 ? ' (other processes were running: absolute figures are low, ratios still compare like with like)' : ''),
  ];
}

/** The whole run's time, then what the run noted of the environment. */
export function runLines(r: RunReport): string[] {
  const out = [`- whole run for this engine: ${Math.round(r.totalSeconds)} s`, ''];
  for (const e of r.environment) out.push(`- ${e}`);
  if (r.environment.length) out.push('');
  return out;
}

/** One line per scenario: the check of the answers, errors, notes; with what it measures when `about`. */
export function scenarioLines(results: ScenarioResult[], about = true): string[] {
  return results.map((s) => {
    const notes = [
      ...s.differences.map((d) => `answers differ: ${d}`),
      ...(s.kernel.error ? [`kernel: ${s.kernel.error}`] : []),
      ...(s.floor.error ? [`floor: ${s.floor.error}`] : []),
      ...s.notes,
    ];
    const same = !s.differences.length && !s.kernel.error && !s.floor.error
      ? ['same answer from kernel and floor'] : [];
    return `- **${s.id}**${about ? ` (${s.about})` : ''}: ${[...same, ...notes].join('; ')}.`;
  });
}

/** « Kernel boot »: on the empty database (`emptyWhat`: what that boot does), then on the migrated one. */
export function bootLines(r: RunReport, emptyWhat: string): string[] {
  return [
    '## Kernel boot', '',
    `- empty database (${emptyWhat}): ${Math.round(r.boot.empty)} ms`,
    `- migrated database with the data set: ${r.boot.migrated.map((x) => `${Math.round(x)} ms`).join(', ')}`,
  ];
}

/** « Findings », when there are any. */
export function findingLines(r: RunReport): string[] {
  if (!r.findings.length) return [];
  return ['## Findings', '', ...r.findings.map((f) => `- ${f}`), ''];
}

/** « Query plans », when there are any. */
export function planLines(r: RunReport): string[] {
  if (!r.explains.length) return [];
  const out = [`## Query plans (${r.engine === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN, then ANALYZE with the real row counts'})`, ''];
  for (const e of r.explains) out.push(`### ${e.title}`, '', '```sql', e.sql, '```', '', e.plan, '');
  return out;
}

export function renderMarkdown(r: EngineReport): string {
  const out: string[] = [];
  out.push(...reportHeader(r, 'Comptoir benchmark'));
  out.push(`- volumes: ${r.rows.toLocaleString('en-US')} users in one company, ${r.rows.toLocaleString('en-US')} companies of one user`);
  out.push(`- load: autocannon, ${r.connections} connections, ${r.duration} s per target over loopback (or a fixed number of requests when one takes too long for the duration to mean anything: column « load »), `
    + 'in two halves interleaved kernel, floor, floor, kernel; p50 is the mean of the halves, p99 the worse one');
  out.push(...runLines(r));

  out.push('## Results', '', 'ratio = kernel req/s ÷ floor req/s (1.00 = as fast as the hand-written floor; 0.10 = ten times slower). '
    + 'Before measuring, each scenario checks that the kernel and the floor give the same answer (for lists: the same ids in the same order, count, aggregation and `next` cursor).', '');
  out.push(resultsTable(r.results), '');
  out.push(...scenarioLines(r.results), '');

  out.push(...bootLines(r, 'migrations, administrator and first company'));
  out.push('', 'createKernel() until the HTTP server listens, in this process (modules already loaded).', '');

  if (r.generation) {
    const g = r.generation;
    out.push('## Data set', '');
    out.push(`Generated in ${(g.ms.total / 1000).toFixed(1)} s (users + profiles ${(g.ms.users / 1000).toFixed(1)} s, companies + profiles ${(g.ms.companies / 1000).toFixed(1)} s, owner's memberships ${g.ms.owner} ms), `
      + `of which ${(g.cpuMs / 1000).toFixed(1)} s of CPU in this process (the rest: the database server, and other processes of the machine).`, '');
  }
  out.push(...findingLines(r), ...planLines(r));
  return `${out.join('\n')}\n`;
}
