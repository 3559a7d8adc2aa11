/**
 * Fault points for the tests that prove nothing is lost when the process dies at the worst
 * moment (issue 24: killed between Stripe's success and the app's recording). Inert unless
 * FAULT_POINTS names the point AND Stripe runs on a test key: a live deployment can never
 * trip one, whatever its environment says.
 */
export function faultPoint(name: string) {
  const points = process.env.FAULT_POINTS;
  if (!points || !(process.env.STRIPE_SECRET_KEY ?? "").startsWith("sk_test_")) return;
  if (points.split(",").map((p) => p.trim()).includes(name)) process.kill(process.pid, "SIGKILL");
}
