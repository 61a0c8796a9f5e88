/** The invoicing results of one engine as Markdown (bench/results/<date>-invoicing-<engine>.md) and console tables. */
import { bootLines, f0, findingLines, ms, planLines, reportHeader, resultsTable, runLines, scenarioLines } from '../report.ts';
import type { InvoicingReport, WriteResult } from './suite.ts';

export function writesTable(writes: WriteResult[]): string {
  const lines = [
    '| scenario | kernel invoices/s | floor invoices/s | ratio | kernel p50 / p99 ms | floor p50 / p99 ms | invoices (kernel / floor) | failures (kernel / floor) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const w of writes) {
    const k = w.kernel;
    const f = w.floor;
    const ratio = k && f && f.perSecond > 0 ? (k.perSecond / f.perSecond).toFixed(2) : '—';
    lines.push(`| ${w.id}. ${w.title} | ${k ? f0(k.perSecond) : '—'} | ${f ? f0(f.perSecond) : '—'} | ${ratio} | ${k ? `${ms(k.p50)} / ${ms(k.p99)}` : ''} | ${f ? `${ms(f.p50)} / ${ms(f.p99)}` : ''} | ${k?.invoices ?? 0} / ${f?.invoices ?? 0} | ${k?.failures ?? 0} / ${f?.failures ?? 0} |`);
  }
  return lines.join('\n');
}

export function renderInvoicingMarkdown(r: InvoicingReport): string {
  const out: string[] = [];
  out.push(...reportHeader(r, 'Comptoir benchmark, invoicing'));
  const g = r.generation;
  if (g) {
    out.push(`- volumes: ${g.invoices.toLocaleString('en-US')} invoices of one company (${g.numbered.toLocaleString('en-US')} numbered, ${g.drafts.toLocaleString('en-US')} drafts, ${g.creditNotes.toLocaleString('en-US')} credit notes; `
      + `${Object.entries(g.byStatus).map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`).join(', ')}), ${g.lines.toLocaleString('en-US')} lines, ${g.customers.toLocaleString('en-US')} customers`);
  }
  out.push(`- lists: autocannon, ${r.connections} connections, ${r.duration} s per target (or a fixed number of requests when one takes too long), in two halves interleaved kernel, floor, floor, kernel`);
  out.push(`- create + emit: ${r.duration} s per target in two halves interleaved the same way, one loop or 10 loops each creating invoices one after the other`);
  out.push(...runLines(r));

  out.push('## Lists', '', 'ratio = kernel req/s ÷ floor req/s. Before measuring, each scenario checks that kernel and floor answer the same ids in the same order, count, sums and `next` position.', '');
  out.push(resultsTable(r.results), '');
  out.push(...scenarioLines(r.results), '');

  if (r.whatIfNote) {
    // the what-if step, or why it was skipped (the plugin has the index already)
    out.push('### With the index proposed for the totals', '', r.whatIfNote, '');
    if (r.whatIf.length) out.push(resultsTable(r.whatIf), '', ...scenarioLines(r.whatIf, false), '');
  }

  out.push('## Create + emit', '', 'Kernel: POST /api/invoicing/invoices/emit (an invoice of 3 lines for a customer, created and emitted in one request); '
    + 'floor: one POST doing the same work in one transaction (company row locked for the counter, chain head, insert, counter update). invoices/s = emitted invoices over the time. '
    + 'The kernel renders each emitted invoice\'s e-invoice (Factur-X) after the answer, in the background: that work is waited for after each kernel half, '
    + 'outside both measures, and its time reported below (the floor renders none).', '');
  out.push(writesTable(r.writes), '');
  for (const w of r.writes) {
    if (w.drains?.length) out.push(`- **${w.id}** e-invoices rendered after each kernel half: ${w.drains.map((d) => `${d.renders} queued, ${ms(d.ms)}${d.ms >= 1000 ? '' : ' ms'}`).join('; ')}`);
  }
  for (const w of r.writes) {
    const errs = [w.kernel?.firstError ? `kernel: ${w.kernel.firstError}` : '', w.floor?.firstError ? `floor: ${w.floor.firstError}` : ''].filter(Boolean);
    if (errs.length) out.push(`- **${w.id}** first error: ${errs.join('; ')}`);
  }
  for (const c of r.checks) out.push(`- ${c}`);
  out.push('');

  out.push(...bootLines(r, 'migrations of kernel, contacts, catalogue, invoicing; administrator and first company'), '');

  if (g) {
    out.push('## Data set', '');
    out.push(`Generated in ${(g.ms.total / 1000).toFixed(1)} s (customers ${(g.ms.customers / 1000).toFixed(1)} s, invoices ${(g.ms.invoices / 1000).toFixed(1)} s), of which ${(g.cpuMs / 1000).toFixed(1)} s of CPU in this process.`, '');
  }
  out.push(...findingLines(r));
  if (r.statements.length) {
    out.push('## SQL statements per request', '');
    for (const s of r.statements) {
      out.push(`### ${s.title}`, '', '```sql', ...s.statements.map((x, i) => `${String(i + 1).padStart(2)}. ${x}`), '```', '');
    }
  }
  out.push(...planLines(r));
  return `${out.join('\n')}\n`;
}
