/**
 * Readiness probe: 200 only when this instance can do its work (the database answers and takes
 * a write, its migrations are the ones this build ships, the uploads folder takes a file, the
 * server is not shutting down); 503 otherwise, with the failing checks. `/resources/healthz`
 * stays the liveness probe (the process answers at all).
 */
import { checkReadiness } from "~/utils/readiness.server";

export function loader() {
  const result = checkReadiness();
  return Response.json(result, {
    status: result.ready ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
