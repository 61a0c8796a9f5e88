/**
 * Answers kept in memory (README « Cache »): the host → website look-up and the rendered pages,
 * each for a few seconds, the pages with their gzip and brotli bytes and their ETag. A change to
 * the company's websites data (`websites.*` events) forgets that company's entries at once in this
 * process; other processes see it when the entry expires (10 s by default,
 * `COMPTOIR_WEBSITES_CACHE_TTL` in seconds, 0 = no cache). At most 1000 pages: the oldest go first.
 */
export const DEFAULT_TTL_SECONDS = 10;
const MAX_ENTRIES = 1000;

/** The TTL in ms, read at each use so that a benchmark can switch it off; a bad value is the default. */
export function cacheTtlMs(): number {
  const raw = process.env.COMPTOIR_WEBSITES_CACHE_TTL;
  const n = raw === undefined || raw === '' ? DEFAULT_TTL_SECONDS : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n * 1000 : DEFAULT_TTL_SECONDS * 1000;
}

interface Entry<V> { value: V; expires: number; companyId: string | null }

/**
 * The TTL of the site structures (render/structure.ts), in ms: `COMPTOIR_WEBSITES_STRUCTURE_TTL`
 * (seconds) when set, else the pages' — so that `COMPTOIR_WEBSITES_CACHE_TTL=0` still means « no
 * cache at all » and a benchmark can keep the structure while rendering every page.
 */
export function structureTtlMs(): number {
  const raw = process.env.COMPTOIR_WEBSITES_STRUCTURE_TTL;
  if (raw === undefined || raw === '') return cacheTtlMs();
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n * 1000 : cacheTtlMs();
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  /** bumped by each `forget`: a value read before a change is not kept after it (see `set`) */
  private epoch = 0;

  constructor(private readonly ttlMs: () => number = cacheTtlMs) {}

  /** to pass to `set` when the value was read from the database after this call */
  get generation(): number { return this.epoch; }

  get(key: string, now = Date.now()): V | undefined {
    // switched off since it was filled: nothing kept is answered
    if (this.ttlMs() === 0) return undefined;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /**
   * Keeps `value`; with `readAt` (the `generation` taken before reading it), not when a change was
   * forgotten meanwhile: the value may predate that change, and keeping it would show the old site
   * for a whole TTL.
   */
  set(key: string, value: V, companyId: string | null, now = Date.now(), readAt?: number): void {
    const ttl = this.ttlMs();
    if (ttl === 0) return;
    if (readAt !== undefined && readAt !== this.epoch) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + ttl, companyId });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** forgets a company's entries (and the entries of no company: negative host look-ups) */
  forget(companyId: string | null): void {
    this.epoch += 1;
    for (const [k, e] of this.entries) if (e.companyId === companyId || e.companyId === null) this.entries.delete(k);
  }

  clear(): void { this.epoch += 1; this.entries.clear(); }
}
