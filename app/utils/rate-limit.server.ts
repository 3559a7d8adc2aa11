/**
 * A per-key sliding-window limit kept in this process's memory: for requests that anyone may
 * make without an account and that write something (a passkey sign-in's challenge row). One
 * server process serves the town (docs/operations.md), so memory is the right place; a restart
 * forgets the counts, which only ever lets a client in sooner.
 */
const MAX_KEYS = 10_000;

export type RateLimit = { limit: number; windowMs: number };

export class RateLimiter {
  private hits = new Map<string, number[]>();

  constructor(private readonly rule: RateLimit) {}

  /** Counts a hit for `key`: 0 when allowed, else the seconds until the oldest hit leaves the window. */
  take(key: string, now = Date.now()): number {
    const since = now - this.rule.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((at) => at > since);
    if (recent.length >= this.rule.limit) {
      this.hits.set(key, recent);
      return Math.max(1, Math.ceil((recent[0] - since) / 1000));
    }
    recent.push(now);
    this.hits.delete(key); // re-inserted last: the Map's order is oldest use first
    this.hits.set(key, recent);
    // Bounded memory: the keys used least recently go first.
    for (const stale of this.hits.keys()) {
      if (this.hits.size <= MAX_KEYS) break;
      this.hits.delete(stale);
    }
    return 0;
  }
}
