/** The invoicing results of one engine as Markdown (bench/results/<date>-invoicing-<engine>.md) and console tables. */
import { resultsTable } from '../report.ts';
import type { InvoicingReport, WriteResult } from './suite.ts';

const f1 = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)}`);

export function writesTable(writes: WriteResult[]): string {
  const lines = [
    '| scenario | kernel invoices/s | floor invoices/s | ratio | kernel p50 / p99 ms | floor p50 / p99 ms | invoices (kernel / floor) | failures (kernel / floor) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const w of writes) {
    const k = w.kernel;
    const f = w.floor;
    const ratio = k && f && f.perSecond > 0 ? (k.perSecond / f.perSecond).toFixed(2) : '—';
    lines.push(`| ${w.id}. ${w.title} | ${k ? f1(k.perSecond) : '—'} | ${f ? f1(f.perSecond) : '—'} | ${ratio} | ${k ? `${ms(k.p50)} / ${ms(k.p99)}` : ''} | ${f ? `${ms(f.p50)} / ${ms(f.p99)}` : ''} | ${k?.invoices ?? 0} / ${f?.invoices ?? 0} | ${k?.failures ?? 0} / ${f?.failures ?? 0} |`);
  }
  return lines.join('\n');
}

export function renderInvoicingMarkdown(r: InvoicingReport): string {
  const out: string[] = [];
  const date = r.startedAt.toISOString().replace('T', ' ').slice(0, 16);
  out.push(`# Comptoir benchmark, invoicing — ${r.engine === 'sqlite' ? 'SQLite' : 'MariaDB'} — ${date} UTC`, '');
  out.push(`- database: ${r.label}`);
  out.push(`- machine: ${r.machine}`);
  out.push(`- load average before / after: ${r.loadBefore.map((x) => x.toFixed(2)).join(' ')} / ${r.loadAfter.map((x) => x.toFixed(2)).join(' ')}`
    + (Math.max(...r.loadBefore, ...r.loadAfter) > 2 ? ' (other processes were running: absolute figures are low, ratios still compare like with like)' : ''));
  const g = r.generation;
  if (g) {
    out.push(`- volumes: ${g.invoices.toLocaleString('en-US')} invoices of one company (${g.numbered.toLocaleString('en-US')} numbered, ${g.drafts.toLocaleString('en-US')} drafts, ${g.creditNotes.toLocaleString('en-US')} credit notes; `
      + `${Object.entries(g.byStatus).map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`).join(', ')}), ${g.lines.toLocaleString('en-US')} lines, ${g.customers.toLocaleString('en-US')} customers`);
  }
  out.push(`- lists: autocannon, ${r.connections} connections, ${r.duration} s per target (or a fixed number of requests when one takes too long), in two halves interleaved kernel, floor, floor, kernel`);
  out.push(`- create + emit: ${r.duration} s per target in two halves interleaved the same way, one loop or 10 loops each creating invoices one after the other`);
  out.push(`- whole run for this engine: ${Math.round(r.totalSeconds)} s`, '');
  for (const e of r.environment) out.push(`- ${e}`);
  if (r.environment.length) out.push('');

  out.push('## Lists', '', 'ratio = kernel req/s ÷ floor req/s. Before measuring, each scenario checks that kernel and floor answer the same ids in the same order, count, sums and `next` position.', '');
  out.push(resultsTable(r.results), '');
  for (const s of r.results) {
    const notes = [
      ...s.differences.map((d) => `answers differ: ${d}`),
      ...(s.kernel.error ? [`kernel: ${s.kernel.error}`] : []),
      ...(s.floor.error ? [`floor: ${s.floor.error}`] : []),
      ...s.notes,
    ];
    const same = !s.differences.length && !s.kernel.error && !s.floor.error ? ['same answer from kernel and floor'] : [];
    out.push(`- **${s.id}** (${s.about}): ${[...same, ...notes].join('; ')}.`);
  }
  out.push('');

  if (r.whatIf.length) {
    out.push('### With the index proposed for the totals', '', r.whatIfNote, '', resultsTable(r.whatIf), '');
    for (const s of r.whatIf) {
      const same = !s.differences.length && !s.kernel.error && !s.floor.error ? ['same answer from kernel and floor'] : [];
      out.push(`- **${s.id}**: ${[...same, ...s.differences.map((d) => `answers differ: ${d}`), ...(s.kernel.error ? [`kernel: ${s.kernel.error}`] : []), ...s.notes].join('; ')}.`);
    }
    out.push('');
  }

  out.push('## Create + emit', '', 'Kernel: POST /api/invoicing/invoices (a draft of 3 lines for a customer) then POST /api/invoicing/invoices/:id/emit; '
    + 'floor: one POST doing the same work in one transaction (company row locked for the counter, chain head, insert, counter update). invoices/s = emitted invoices over the time.', '');
  out.push(writesTable(r.writes), '');
  for (const w of r.writes) {
    const errs = [w.kernel?.firstError ? `kernel: ${w.kernel.firstError}` : '', w.floor?.firstError ? `floor: ${w.floor.firstError}` : ''].filter(Boolean);
    if (errs.length) out.push(`- **${w.id}** first error: ${errs.join('; ')}`);
  }
  for (const c of r.checks) out.push(`- ${c}`);
  out.push('');

  out.push('## Kernel boot', '');
  out.push(`- empty database (migrations of kernel, contacts, catalogue, invoicing; administrator and first company): ${Math.round(r.boot.empty)} ms`);
  out.push(`- migrated database with the data set: ${r.boot.migrated.map((x) => `${Math.round(x)} ms`).join(', ')}`, '');

  if (g) {
    out.push('## Data set', '');
    out.push(`Generated in ${(g.ms.total / 1000).toFixed(1)} s (customers ${(g.ms.customers / 1000).toFixed(1)} s, invoices ${(g.ms.invoices / 1000).toFixed(1)} s), of which ${(g.cpuMs / 1000).toFixed(1)} s of CPU in this process.`, '');
  }
  if (r.findings.length) {
    out.push('## Findings', '');
    for (const f of r.findings) out.push(`- ${f}`);
    out.push('');
  }
  if (r.statements.length) {
    out.push('## SQL statements per request', '');
    for (const s of r.statements) {
      out.push(`### ${s.title}`, '', '```sql', ...s.statements.map((x, i) => `${String(i + 1).padStart(2)}. ${x}`), '```', '');
    }
  }
  if (r.explains.length) {
    out.push(`## Query plans (${r.engine === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN, then ANALYZE with the real row counts'})`, '');
    for (const e of r.explains) out.push(`### ${e.title}`, '', '```sql', e.sql, '```', '', e.plan, '');
  }
  return `${out.join('\n')}\n`;
}
