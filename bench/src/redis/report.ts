/** The redis suite's results of one engine as Markdown (bench/results/<date>-redis-<engine>.md). */
import { findingLines, reportHeader, resultsTable, runLines, scenarioLines } from '../report.ts';
import type { LatencyAlone, RedisReport } from './suite.ts';

const m3 = (n: number) => n.toFixed(3);

export function latencyTable(rows: LatencyAlone[]): string {
  const lines = [
    '| GET, one at a time | requests per kernel | with Redis p50 / p90 / p99 ms | without p50 / p90 / p99 ms | added at p50 |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  for (const l of rows) {
    const w = l.withRedis;
    const o = l.without;
    lines.push(`| \`${l.path.split('?')[0]}\`${l.path.includes('?') ? ' (page)' : ''} | ${l.requests} | ${m3(w.p50)} / ${m3(w.p90)} / ${m3(w.p99)} | ${m3(o.p50)} / ${m3(o.p90)} / ${m3(o.p99)} | ${m3(w.p50 - o.p50)} ms |`);
  }
  return lines.join('\n');
}

export function renderRedisMarkdown(r: RedisReport): string {
  const out: string[] = [];
  out.push(...reportHeader(r, 'Comptoir benchmark, the Redis fan-out’s read barrier'));
  out.push(`- load: autocannon, ${r.connections} connections, ${r.duration} s per target, in two halves interleaved kernel, floor, floor, kernel`);
  out.push(...runLines(r));
  out.push('## Under load', '', '« kernel » = the kernel with `REDIS_URL` (every GET served from the authentication cache first awaits a PING on the subscriber connection); '
    + '« floor » = the same kernel, on the same database, without `REDIS_URL`. ratio = with ÷ without.', '');
  out.push(resultsTable(r.results), '');
  out.push(...scenarioLines(r.results), '');
  if (r.pings) {
    const per = r.pings.answered ? r.pings.pings / r.pings.answered : 0;
    out.push(`PINGs Redis counted during r1 (kernel side: ${r.pings.answered.toLocaleString('en-US')} answers under load): ${r.pings.pings.toLocaleString('en-US')}, `
      + `${per.toFixed(2)} per request (an upper bound: the sequential requests before the load, and anything else PINGing this Redis, count too). `
      + 'Without sharing it would be 1.00: requests that arrive while a PING is in flight share the next one.', '');
  }
  out.push('## One request at a time', '', 'The same GET, alternately on each kernel, one request at a time over loopback, after the load (caches warm).', '');
  out.push(latencyTable(r.latency), '');
  out.push(...findingLines(r));
  return `${out.join('\n')}\n`;
}
