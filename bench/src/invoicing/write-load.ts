/**
 * The create + emit load, in its own process (as ../load.ts is for autocannon) so that it does
 * not share the event loop of the servers it measures. One job at a time over IPC:
 * `concurrency` loops, each creating invoices one after the other until the time is up —
 * on the kernel an invoice of 3 lines created and emitted in one request
 * (POST /api/invoicing/invoices/emit), on the floor one POST /invoices doing the same.
 */
import { serveJobs } from '../child.ts';
import { postJson } from '../http.ts';

export interface WriteJob {
  target: 'kernel' | 'floor';
  /** http://127.0.0.1:port */
  base: string;
  headers: Record<string, string>;
  concurrency: number;
  seconds: number;
  customers: string[];
}

export interface WriteSummary {
  invoices: number;
  seconds: number;
  perSecond: number;
  /** ms per invoice */
  p50: number;
  p99: number;
  failures: number;
  statusCodes: Record<string, number>;
  firstError: string | null;
  /** ids of the emitted invoices, for the checks */
  ids: string[];
}

const LINES = [
  { labelPrimary: 'Baguette tradition (lot de 10)', vat: 5.5, exclTaxesPrice: 11.5, type: 'good' },
  { labelPrimary: 'Plateau-repas livré', vat: 10, exclTaxesPrice: 14.5, type: 'service' },
  { labelPrimary: 'Livraison en centre-ville', vat: 20, exclTaxesPrice: 12, type: 'service' },
  { labelPrimary: 'Coffret cadeau « Douceurs »', vat: 20, exclTaxesPrice: 39.9, type: 'good' },
  { labelPrimary: 'Viennoiseries assorties (plateau de 24)', vat: 5.5, exclTaxesPrice: 28.9, type: 'good' },
];

function itemsFor(n: number) {
  return [0, 1, 2].map((k) => ({ ...LINES[(n + k) % LINES.length], quantity: 1 + ((n * 7 + k * 3) % 12) }));
}

export async function runWrites(job: WriteJob): Promise<WriteSummary> {
  const latencies: number[] = [];
  const ids: string[] = [];
  const statusCodes: Record<string, number> = {};
  let failures = 0;
  let firstError: string | null = null;
  let n = 0;
  const fail = (what: string, r: { status: number; body: unknown }) => {
    failures++;
    statusCodes[r.status] = (statusCodes[r.status] ?? 0) + 1;
    firstError ??= `${what}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`;
  };
  const started = performance.now();
  const deadline = started + job.seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const i = n++;
      const customerId = job.customers[(i * 7919) % job.customers.length];
      const t = performance.now();
      try {
        if (job.target === 'kernel') {
          const emitted = await postJson(`${job.base}/api/invoicing/invoices/emit`, { fk: { receiverCustomer: customerId }, items: itemsFor(i) }, job.headers);
          if (emitted.status !== 201 || !emitted.body.numberFull) { fail('create + emit', emitted); continue; }
          ids.push(String(emitted.body._id));
        } else {
          const r = await postJson(`${job.base}/invoices`, { customerId, items: itemsFor(i) }, job.headers);
          if (r.status !== 201) { fail('floor', r); continue; }
          ids.push(String(r.body._id));
        }
        latencies.push(performance.now() - t);
      } catch (e) {
        fail('network', { status: 0, body: String(e) });
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] : 0);
  statusCodes['2xx'] = latencies.length;
  return { invoices: latencies.length, seconds, perSecond: latencies.length / seconds, p50: q(0.5), p99: q(0.99), failures, statusCodes, firstError, ids };
}

// as a forked process: one job per message
if (process.send) serveJobs(runWrites);
