/**
 * A TCP proxy to Redis for the multi-process tests (redis fan-out barrier, auth-cache-redis): it can
 * cut every connection and refuse new ones, hold back what Redis sends to its clients (by a delay,
 * or until resumed: a slow or stalled subscriber, in order, as TCP would deliver it late), and count
 * the PING commands its clients sent.
 */
import net from 'node:net';

export interface RedisProxy {
  url: string;
  /** destroys every connection and refuses new ones until `restore` */
  cut(): void;
  restore(): void;
  /** what Redis sends from now on reaches the clients `ms` later (0: at once), in order */
  delay(ms: number): void;
  /** nothing Redis sends reaches the clients until `resume` (then all of it, in order) */
  pause(): void;
  resume(): void;
  /** PING commands the clients sent so far */
  pings(): number;
  close(): Promise<void>;
}

export async function redisProxy(redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'): Promise<RedisProxy> {
  const target = new URL(redisUrl);
  const sockets = new Set<net.Socket>();
  const flushers = new Set<() => void>();
  let refusing = false;
  let delayMs = 0;
  let paused = false;
  let sent = '';
  const server = net.createServer((client) => {
    if (refusing) { client.destroy(); return; }
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const [s, other] of [[client, upstream], [upstream, client]] as const) {
      sockets.add(s);
      s.on('error', () => other.destroy());
      s.on('close', () => { sockets.delete(s); other.destroy(); });
    }
    client.on('data', (d: Buffer) => {
      sent += d.toString('latin1');
      upstream.write(d);
    });
    // Redis -> client: each chunk with the time it may leave, written in arrival order
    const held: { at: number; data: Buffer }[] = [];
    let timer: NodeJS.Timeout | null = null;
    const flush = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (paused) return;
      while (held.length && held[0].at <= Date.now()) client.write(held.shift()!.data);
      if (held.length) timer = setTimeout(flush, Math.max(1, held[0].at - Date.now()));
    };
    flushers.add(flush);
    client.on('close', () => { flushers.delete(flush); if (timer) clearTimeout(timer); });
    upstream.on('data', (d: Buffer) => {
      if (!paused && delayMs === 0 && held.length === 0) { client.write(d); return; }
      held.push({ at: Date.now() + delayMs, data: d });
      if (!timer && !paused) timer = setTimeout(flush, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() { refusing = true; for (const s of sockets) s.destroy(); },
    restore() { refusing = false; },
    delay(ms) { delayMs = ms; },
    pause() { paused = true; },
    resume() {
      paused = false;
      for (const f of [...flushers]) f();
    },
    pings: () => (sent.match(/\$4\r\nping\r\n/gi) ?? []).length,
    close: () => new Promise<void>((resolve) => {
      refusing = true;
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}
