/**
 * The load generator, in its own process so that it does not share the event loop of the servers
 * it measures (they all run in the parent). Receives one job at a time over IPC, answers a summary.
 */
import autocannon from 'autocannon';
import { serveJobs } from './child.ts';
import type { LoadJob, LoadSummary } from './measure.ts';

serveJobs(run);

async function run(job: LoadJob): Promise<LoadSummary> {
  const r = await autocannon({
    url: job.url,
    connections: job.connections,
    ...(job.amount ? { amount: job.amount } : { duration: job.duration }),
    timeout: job.timeout,
    headers: job.body === undefined ? job.headers : { 'Content-Type': 'application/json', ...job.headers },
    ...(job.method ? { method: job.method } : {}),
    ...(job.body === undefined ? {} : { body: job.body }),
  });
  const ok = r['2xx'];
  return {
    requests: ok + r.non2xx,
    ok,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    seconds: r.duration,
    // completed 2xx answers per second over the whole run (not autocannon's per-second mean,
    // which says nothing when only a few requests complete)
    rps: r.duration > 0 ? ok / r.duration : 0,
    p50: r.latency.p50,
    p99: r.latency.p99,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([k, v]) => [k, v.count])),
  };
}
