/** Liveness probe and the benchmark's trivial route: no database, no session, no rendering. */
export function loader() {
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
