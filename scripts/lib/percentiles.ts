/** p50 / p95 / p99 / max of a benchmark's samples (nearest rank), rounded to `digits`. */
export function percentiles(samples: number[], digits = 3) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  const round = (x: number) => +x.toFixed(digits);
  return { count: sorted.length, p50: round(at(50)), p95: round(at(95)), p99: round(at(99)), max: round(sorted[sorted.length - 1]) };
}
