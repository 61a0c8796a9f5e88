/** The platform results of one engine as Markdown (bench/results/<date>-platform-<engine>.md). */
import { bootLines, findingLines, planLines, reportHeader, resultsTable, runLines, scenarioLines } from '../report.ts';
import type { PlatformReport } from './suite.ts';

export function renderPlatformMarkdown(r: PlatformReport): string {
  const out: string[] = [];
  out.push(...reportHeader(r, 'Comptoir benchmark, platform services'));
  const g = r.generation;
  if (g) {
    out.push(`- volumes: ${g.customers.toLocaleString('en-US')} customers of one company, each with the user properties \`couverts\` (number) and \`jourLivraison\` (select); `
      + `${(g.notifications.mine + g.notifications.others).toLocaleString('en-US')} kept notifications (${g.notifications.mine.toLocaleString('en-US')} of the measured user, ${g.notifications.unread.toLocaleString('en-US')} unread); one 2000 × 1500 photo`);
  }
  out.push(`- load: autocannon, ${r.connections} connections, ${r.duration} s per target (or a fixed number of requests when one takes too long), in two halves interleaved kernel, floor, floor, kernel`);
  out.push(...runLines(r));
  out.push('## Results', '', 'ratio = kernel req/s ÷ floor req/s. Before measuring, each scenario checks that kernel and floor answer the same thing (lists: ids in order, count, `next` position; the count and the image: the whole body). '
    + 'w1 compares the kernel with itself: « kernel » creates a customer carrying two user properties, « floor » the same customer without them.', '');
  out.push(resultsTable(r.results), '');
  out.push(...scenarioLines(r.results), '');
  out.push(...bootLines(r, 'migrations of kernel and contacts; administrator and first company'), '');
  if (g) {
    out.push('## Data set', '');
    out.push(`Generated in ${(g.ms.total / 1000).toFixed(1)} s (customers ${(g.ms.customers / 1000).toFixed(1)} s, notifications ${(g.ms.notifications / 1000).toFixed(1)} s), of which ${(g.cpuMs / 1000).toFixed(1)} s of CPU in this process.`, '');
  }
  out.push(...findingLines(r));
  if (r.statements.length) {
    out.push('## SQL statements per request', '');
    for (const s of r.statements) out.push(`### ${s.title}`, '', '```sql', ...s.statements.map((x, i) => `${String(i + 1).padStart(2)}. ${x}`), '```', '');
  }
  out.push(...planLines(r));
  return `${out.join('\n')}\n`;
}
