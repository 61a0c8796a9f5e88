/** The part of autocannon 9's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number; total: number; sent?: number }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** replaces `[<id>]` in the body by a unique id per request */
    idReplacement?: boolean;
    /** requests per second over all connections (a fixed rate) */
    overallRate?: number;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
