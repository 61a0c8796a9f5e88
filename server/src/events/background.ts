/**
 * Work a subscription declared `background: true` does after the answer (server/src/events/README.md
 * « Background subscriptions »): run one at a time per process, in the order its events were
 * published, at a low priority — when no HTTP request has been in progress for a moment, so that a burst of requests
 * (emissions) is answered first and their follow-up work (rendering their documents) fills the
 * pauses. Asked for, it runs at once: `settled(key)` (a reader needing a record's work) and
 * `idle()` (a stop, a test, the bench between two measures) run the queue whatever the load, up to
 * what they wait for.
 */
export interface BackgroundQueue {
  /** queues `work` under `key` (the record it is about; null: none) */
  push(key: string | null, work: () => Promise<void>): void;
  /** resolves once the work queued under `key` so far has run (at once when none is) */
  settled(key: string): Promise<void>;
  /** resolves once the queue is empty */
  idle(): Promise<void>;
  /** how much work is queued or running */
  readonly size: number;
}

/** When the process is busy answering requests (the kernel counts them, app/kernel.ts). */
export interface LoadGate {
  /** resolves once no request has been in progress for a quiet time (QUIET_MS) */
  whenIdle(): Promise<void>;
}

/**
 * Quiet time before the process counts as idle: a client sending its next request right after an
 * answer (a till, a script, the shell's next call) is not interrupted by a render in the gap.
 */
export const QUIET_MS = 50;

/** Requests in progress, counted by a middleware; `whenIdle` for the background queue. */
export function createLoadGate(quietMs = QUIET_MS): LoadGate & { enter(): void; leave(): void } {
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;
  const release = () => {
    timer = null;
    if (inFlight > 0) return;
    const ready = waiters;
    waiters = [];
    for (const w of ready) w();
  };
  return {
    enter() {
      inFlight++;
      if (timer) { clearTimeout(timer); timer = null; }
    },
    leave() {
      inFlight--;
      if (inFlight === 0 && waiters.length && !timer) timer = setTimeout(release, quietMs).unref();
    },
    whenIdle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        if (inFlight === 0 && !timer) timer = setTimeout(release, quietMs).unref();
      });
    },
  };
}

export function createBackgroundQueue(onError: (err: unknown) => void, gate: LoadGate | null = null): BackgroundQueue {
  let tail: Promise<void> = Promise.resolve();
  let size = 0;
  const byKey = new Map<string, Promise<void>>();
  // waiters that want the queue to run now; each item waits for idleness or for one of them
  let urgent = 0;
  let wake: (() => void)[] = [];
  const hurry = () => { const w = wake; wake = []; for (const f of w) f(); };
  const turn = async () => {
    while (gate && urgent === 0) {
      const woken = new Promise<void>((resolve) => { wake.push(resolve); });
      const idle = gate.whenIdle().then(() => true);
      if (await Promise.race([idle, woken.then(() => false)])) {
        // still idle after the turn that resolved it: go
        return;
      }
    }
  };
  const urgently = async <T>(wait: () => Promise<T>): Promise<T> => {
    urgent++;
    hurry();
    try { return await wait(); } finally { urgent--; }
  };
  return {
    push(key, work) {
      size++;
      const run = tail.then(async () => {
        // after the answer of the request that published: the event loop turns once first
        await new Promise((resolve) => setImmediate(resolve));
        await turn();
        try { await work(); } catch (err) { onError(err); }
      }).finally(() => {
        size--;
        if (key !== null && byKey.get(key) === run) byKey.delete(key);
      });
      tail = run;
      if (key !== null) byKey.set(key, run);
    },
    async settled(key) {
      const pending = byKey.get(key);
      if (pending) await urgently(() => pending);
    },
    async idle() {
      await urgently(async () => { while (size > 0) await tail; });
    },
    get size() {
      return size;
    },
  };
}
