/**
 * The npm registry this project installs from has no rollup binaries for foreign platforms
 * (android, darwin, win32, musl...), so `npm install` leaves them out of package-lock.json and
 * `npm ci` then refuses the lock. This adds lock entries for every missing optional platform
 * package, with the os/cpu/libc that keep npm from ever installing them here.
 * Run after changing dependencies: `node scripts/patch-lockfile.mjs`.
 */
import fs from "node:fs";

const file = "package-lock.json";
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const packages = lock.packages;
let added = 0;

function platformOf(name) {
  const m = /^@rollup\/rollup-(android|darwin|freebsd|linux|openbsd|openharmony|win32)-([a-z0-9]+)(?:-(gnueabihf|musleabihf|gnu|musl|msvc|eabi))?$/.exec(name);
  if (!m) return null;
  const [, os, cpu, abi] = m;
  const entry = { os: [os], cpu: [cpu === "ia32" ? "ia32" : cpu] };
  if (abi === "musl" || abi === "musleabihf") entry.libc = ["musl"];
  if (abi === "gnu" || abi === "gnueabihf") entry.libc = ["glibc"];
  return entry;
}

for (const [path, pkg] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[base] || packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    packages[`node_modules/${dep}`] = { version, ...platform, license: "MIT", optional: true };
    added++;
  }
}

fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} foreign-platform optional entries`);
