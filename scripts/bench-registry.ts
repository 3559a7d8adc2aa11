/**
 * `npm run bench:registry -- --live [--n 100000] [--seconds 30] [--rate 20]`: imports beside live
 * traffic (scripts/lib/bench-live.ts).
 *
 * `npm run bench:registry -- --n 3500000 [--regen] [--keep-source] [--people auto|worker|sql]`: builds bench/registry-<N>.db (N generated
 * businesses with Florida-like distributions, scripts/lib/registry-distributions.ts), or reuses
 * it when it is current (same row count, migrations and generator format). The file is an
 * ordinary app database: `DATABASE_PATH=bench/registry-3500000.db SEED_DEMO=false npm start`
 * serves it.
 */
import { benchRegistryPath, ensureBenchRegistry } from "./lib/bench-registry";

const args = process.argv.slice(2);
const live = args.includes("--live");
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Math.trunc(Number(args[at + 1]?.replace(/[_,]/g, ""))) : fallback;
};
const n = option("--n", live ? 100_000 : 3_500_000);
if (!Number.isFinite(n) || n <= 0) throw new Error("--n must be a positive number of rows");
process.env.NODE_ENV ??= "production";
process.env.SESSION_SECRET ??= "bench-session-secret-0123456789";
const file = benchRegistryPath(n);
process.env.DATABASE_PATH = file;
const log = (m: string) => console.log(`[bench:registry] ${m}`);
if (live) {
  const { benchLive } = await import("./lib/bench-live");
  await benchLive({ n, seconds: option("--seconds", 30), rate: option("--rate", 20), log });
} else {
  // Who fills the people index (ImportOptions.peopleIndex): to compare the worker with the importer.
  const people = args[args.indexOf("--people") + 1];
  const peopleIndex = args.includes("--people") && (people === "worker" || people === "sql" || people === "auto") ? people : undefined;
  if (args.includes("--people") && !peopleIndex) throw new Error("--people must be auto, worker or sql");
  await ensureBenchRegistry(file, n, { regen: args.includes("--regen"), keepSource: args.includes("--keep-source"), peopleIndex, log });
}
