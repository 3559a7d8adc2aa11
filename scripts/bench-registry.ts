/**
 * `npm run bench:registry -- --n 3500000 [--regen]`: builds bench/registry-<N>.db (N generated
 * businesses with Florida-like distributions, scripts/lib/registry-distributions.ts), or reuses
 * it when it is current (same row count, migrations and generator format). The file is an
 * ordinary app database: `DATABASE_PATH=bench/registry-3500000.db SEED_DEMO=false npm start`
 * serves it.
 */
import { benchRegistryPath, ensureBenchRegistry } from "./lib/bench-registry";

const args = process.argv.slice(2);
const at = args.indexOf("--n");
const n = at >= 0 ? Math.trunc(Number(args[at + 1]?.replace(/[_,]/g, ""))) : 3_500_000;
if (!Number.isFinite(n) || n <= 0) throw new Error("--n must be a positive number of rows");
process.env.NODE_ENV ??= "production";
process.env.SESSION_SECRET ??= "bench-session-secret-0123456789";
const file = benchRegistryPath(n);
process.env.DATABASE_PATH = file;
await ensureBenchRegistry(file, n, { regen: args.includes("--regen"), log: (m) => console.log(`[bench:registry] ${m}`) });
