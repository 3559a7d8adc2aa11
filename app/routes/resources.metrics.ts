import crypto from "node:crypto";
import { getEnv } from "~/utils/env.server";
import { appMetrics } from "~/utils/metrics.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** Compares two secrets in constant time (their SHA-256 digests, so lengths do not show either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => crypto.createHash("sha256").update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /resources/metrics: the Prometheus metrics (server/metrics.ts) for a bearer of
 * METRICS_TOKEN (`Authorization: Bearer <token>`). 404 when METRICS_TOKEN is not set (or no
 * server made the metrics: tests, scripts), 401 without the right token.
 */
export async function loader({ request }: { request: Request }) {
  const token = getEnv().METRICS_TOKEN;
  const metrics = appMetrics();
  if (!token || !metrics) return new Response("Not Found\n", { status: 404, headers: { "Content-Type": "text/plain", ...NO_STORE } });
  const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "")?.[1];
  if (!given || !sameSecret(given, token)) {
    return new Response("Unauthorized\n", {
      status: 401,
      headers: { "Content-Type": "text/plain", "WWW-Authenticate": 'Bearer realm="metrics"', ...NO_STORE },
    });
  }
  return new Response(await metrics.registry.metrics(), { headers: { "Content-Type": metrics.registry.contentType, ...NO_STORE } });
}
