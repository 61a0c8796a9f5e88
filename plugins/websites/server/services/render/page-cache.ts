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

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  get(key: string, now = Date.now()): V | undefined {
    // switched off since it was filled: nothing kept is answered
    if (cacheTtlMs() === 0) return undefined;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: V, companyId: string | null, now = Date.now()): void {
    const ttl = cacheTtlMs();
    if (ttl === 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + ttl, companyId });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** forgets a company's entries (and the entries of no company: negative host look-ups) */
  forget(companyId: string | null): void {
    for (const [k, e] of this.entries) if (e.companyId === companyId || e.companyId === null) this.entries.delete(k);
  }

  clear(): void { this.entries.clear(); }
}
