import { describe, expect, it } from "vitest";
import { RateLimiter } from "~/utils/rate-limit.server";

describe("RateLimiter", () => {
  it("allows `limit` hits a window per key, then says how long to wait", () => {
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000 });
    const t0 = 1_000_000;
    expect([0, 1, 2].map((i) => limiter.take("a", t0 + i * 1000))).toEqual([0, 0, 0]);
    expect(limiter.take("a", t0 + 10_000)).toBe(50); // the first hit leaves the window at t0 + 60 s
    expect(limiter.take("b", t0 + 10_000)).toBe(0); // another key is counted apart
    expect(limiter.take("a", t0 + 60_001)).toBe(0); // the oldest hit has left
    expect(limiter.take("a", t0 + 60_002)).toBeGreaterThan(0);
  });

  it("keeps its memory bounded, forgetting the keys used least recently", () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 60_000 });
    expect(limiter.take("first", 0)).toBe(0);
    for (let i = 0; i < 10_000; i++) limiter.take(`k${i}`, 1);
    // "first" was forgotten (least recently used): it may go again within its window.
    expect(limiter.take("first", 2)).toBe(0);
    expect(limiter.take("k9999", 3)).toBeGreaterThan(0);
  });
});
