/** The documents results of one engine as Markdown (bench/results/<date>-documents-<engine>.md) and console tables. */
import { bootLines, findingLines, reportHeader, resultsTable, runLines, scenarioLines } from '../report.ts';
import type { MemorySummary } from './memory.ts';
import type { DocumentsReport, MemoryResult } from './suite.ts';

const mb = (n: number) => (Math.abs(n) >= 10 ? n.toFixed(0) : n.toFixed(1));

export function memoryTable(memory: MemoryResult[]): string {
  const lines = [
    '| request | rows read | kernel: peak RSS, MB | kernel: live heap, MB | kernel time | floor: peak RSS, MB | floor: live heap, MB | floor time |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const side = (x: MemorySummary | { error: string }) => ('error' in x
    ? [`fails: ${x.error.slice(0, 80)}`, '', '']
    : [`+${mb(x.rssPeak)} (over ${mb(x.rssBefore)})`, `+${mb(x.heapPeak)} (over ${mb(x.heapBefore)})`, `${(x.ms / 1000).toFixed(2)} s${x.status === 200 ? '' : ` HTTP ${x.status}`}`]);
  for (const m of memory) lines.push(`| ${m.id}. ${m.title} | ${m.rows.toLocaleString('en-US')} | ${[...side(m.kernel), ...side(m.floor)].join(' | ')} |`);
  return lines.join('\n');
}

export function renderDocumentsMarkdown(r: DocumentsReport): string {
  const out: string[] = [];
  out.push(...reportHeader(r, 'Comptoir benchmark, documents (PDF, Factur-X, integrity, FEC)'));
  const g = r.generation;
  if (g) {
    out.push(`- volumes: ${g.invoices.toLocaleString('en-US')} invoices of one company (${g.numbered.toLocaleString('en-US')} emitted and chained, ${g.drafts.toLocaleString('en-US')} drafts, ${g.creditNotes.toLocaleString('en-US')} credit notes), `
      + `${g.payments.toLocaleString('en-US')} payments chained (${Object.entries(g.paymentsByMode).map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`).join(', ')}), ${g.customers.toLocaleString('en-US')} customers; `
      + 'then one invoice made, emitted and paid through the API');
  }
  if (r.measuredInvoice) out.push(`- measured invoice (p1, x1, x2): ${r.measuredInvoice}`);
  if (r.fec) out.push(`- FEC of ${r.fec.year} (e1): ${r.fec.invoices.toLocaleString('en-US')} invoices and ${r.fec.payments.toLocaleString('en-US')} payments moving money; of ${r.fec.smallYear} (memory only): ${r.fec.smallInvoices.toLocaleString('en-US')} and ${r.fec.smallPayments.toLocaleString('en-US')}`);
  out.push(`- load: autocannon; p1, x1, x2 ${r.connections} connections, ${r.duration} s per target; v1 and e1 2 connections, 8 requests per target; in two halves interleaved kernel, floor, floor, kernel`);
  out.push(...runLines(r));

  out.push('## Results', '', 'ratio = kernel req/s ÷ floor req/s. Before measuring, each scenario checks that kernel and floor answer the same thing: '
    + 'p1 and x1 the same page count and text (pdf-parse; the bytes differ by the creation date and the file id), x1 also the same embedded `factur-x.xml` bytes; x2 and e1 the same bytes; v1 the same `{ valid, checked, firstBroken }`, valid.', '');
  out.push(resultsTable(r.results), '');
  out.push(...scenarioLines(r.results), '');

  if (r.memory.length) {
    out.push('## Memory of one request', '', 'Each side in a fresh process of its own (the kernel booted with the plugins on this database, or the floor), the request sent twice after a garbage collection. '
      + '**Peak RSS**: the first request, the resident set sampled every millisecond by a worker thread, over its value just before — what the process takes, dead objects not yet collected included. '
      + '**Live heap**: the second request, every garbage collection made a full one (V8 `--gc-global` for that request: one every few MB allocated, inside synchronous work too) and the heap in use after each read by V8\'s GC profiler, its peak over the value before — what the request still references: flat for a walk that pages, growing with the rows for one that holds them. Time: the first request, kernel and floor processes running at the same time (their own memory is what is measured; their times share the cores).', '');
    out.push(memoryTable(r.memory), '');
  }

  out.push(...bootLines(r, 'migrations of kernel, contacts, catalogue, invoicing; administrator and first company'), '');
  if (g) {
    out.push('## Data set', '');
    out.push(`Generated in ${(g.ms.total / 1000).toFixed(1)} s (customers ${(g.ms.customers / 1000).toFixed(1)} s, invoices ${(g.ms.invoices / 1000).toFixed(1)} s, payments and chain heads ${(g.ms.payments / 1000).toFixed(1)} s), of which ${(g.cpuMs / 1000).toFixed(1)} s of CPU in this process.`, '');
  }
  out.push(...findingLines(r));
  if (r.statements.length) {
    out.push('## SQL statements per request', '', 'Consecutive statements of the same text grouped (« 41 × »), with their total time.', '');
    for (const s of r.statements) out.push(`### ${s.title}`, '', '```sql', ...s.statements.map((x, i) => `${String(i + 1).padStart(2)}. ${x}`), '```', '');
  }
  return `${out.join('\n')}\n`;
}
