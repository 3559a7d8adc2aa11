// autocannon ships no types; the benchmark uses only the callback form.
declare module "autocannon" {
  const autocannon: (options: Record<string, unknown>, done: (err: Error | null, result: never) => void) => unknown;
  export default autocannon;
}
