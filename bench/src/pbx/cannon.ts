/**
 * autocannon in its own process for the pbx suite: POSTs whose body carries `[<id>]`, replaced by a
 * unique id per request (each request is the first step of a new call), at full speed or at a fixed
 * overall rate. Prints one JSON summary line.
 */
import autocannon from 'autocannon';

const job = JSON.parse(process.argv[2]) as { url: string; headers: Record<string, string>; body: string; connections: number; duration: number; rate?: number };
const r = await autocannon({
  url: job.url, method: 'POST', headers: { 'content-type': 'application/json', ...job.headers }, body: job.body, idReplacement: true,
  connections: job.connections, duration: job.duration, timeout: 10, ...(job.rate ? { overallRate: job.rate } : {}),
});
const ok = r['2xx'];
console.log(JSON.stringify({
  requests: r.requests.total, ok, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, seconds: r.duration,
  rps: ok / r.duration, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max,
}));
