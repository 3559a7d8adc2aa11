/**
 * `npm start` is npm -> sh -> npm -> sh -> node: a `kill -9` of the outer npm kills npm alone
 * and its children go on. So the server watches the processes that launched it, up to the
 * outermost npm/npx, and stops (gracefully) as soon as one of them is gone. Without an npm
 * launcher (node started by systemd, docker, a shell) it watches nothing: detaching with nohup
 * keeps working. Linux reads /proc; elsewhere only the direct parent is watched.
 * START_WATCH_LAUNCHER=0 turns it off.
 */
import fs from "node:fs";

function parentOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return Number.isInteger(ppid) && ppid > 0 ? ppid : undefined;
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    return "";
  }
}

const LAUNCHER = /(^|[\s/])(npm|npx|npm-cli\.js|npx-cli\.js)(\s|$)/;

/** The ancestors up to the outermost npm/npx (empty when no npm launched us). */
export function launcherChain(pid = process.pid): number[] {
  const chain: number[] = [];
  let outermost = -1;
  for (let p = parentOf(pid); p && p > 1 && chain.length < 16; p = parentOf(p)) {
    chain.push(p);
    if (LAUNCHER.test(commandOf(p))) outermost = chain.length;
  }
  return outermost < 0 ? [] : chain.slice(0, outermost);
}

/** A launcher is gone when the chain breaks: a process in it was re-parented (its parent died, even if that parent is still an unreaped zombie). */
function chainBroken(chain: number[]) {
  const links = [process.pid, ...chain];
  for (let k = 0; k < chain.length; k++) if (parentOf(links[k]) !== links[k + 1]) return true;
  return false;
}

/** Calls `onGone` once when a launcher process dies (checked every `intervalMs`). */
export function watchLauncher(onGone: () => void, intervalMs = 500): () => void {
  if (process.env.START_WATCH_LAUNCHER === "0") return () => {};
  const chain = fs.existsSync("/proc/self/stat") ? launcherChain() : [];
  const parent = process.ppid;
  if (chain.length === 0 && fs.existsSync("/proc/self/stat")) return () => {};
  const timer = setInterval(() => {
    const gone = chain.length ? chainBroken(chain) : process.ppid !== parent;
    if (gone) {
      clearInterval(timer);
      onGone();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
