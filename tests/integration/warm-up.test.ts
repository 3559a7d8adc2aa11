/**
 * The warm-up (server/ops/warm-up.ts): at start it reads the search pages into memory in a thread
 * of its own while readiness says `warming`, then ready; it respects its memory share, stops on
 * shutdown, reads the search's copy of the tag columns before readiness too, reads again after a
 * registry import without turning readiness off, and
 * WARM_ON_START=off leaves it out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { currentTagStore, TAG_STORE_READS } from "~/models/search/tag-store.server";
import { checkReadiness } from "~/utils/readiness.server";
import { startWarmUps, warmBudget, warmTargets, warmUp } from "../../server/ops/warm-up";
import { createBusiness } from "../support/factories";
import { startProdServer } from "../support/prod-server";

const file = () => process.env.DATABASE_PATH!;
const logged: { obj: Record<string, unknown>; msg: string }[] = [];
const logger = {
  info: (obj: object, msg: string) => void logged.push({ obj: obj as Record<string, unknown>, msg }),
  error: (obj: object, msg: string) => void logged.push({ obj: obj as Record<string, unknown>, msg }),
};

async function until(check: () => boolean, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(() => {
  for (let i = 0; i < 300; i++) createBusiness({ name: `Warm Test ${i} LLC` });
});
afterAll(() => {
  globalThis.__warmUp = undefined;
});

describe("the warm-up", { timeout: 60_000 }, () => {
  it("reads the full-text indexes first, then the registry's indexes, then its rows and its officers'", () => {
    const targets = warmTargets(getDb().$client);
    expect(targets[0]).toBe("businesses_fts_data");
    expect(targets.indexOf("people_fts_data")).toBeLessThan(targets.indexOf("businesses_name_idx"));
    expect(targets).toContain("businesses_document_number_unique");
    expect(targets.slice(-2)).toEqual(["businesses", "business_officers"]);
    expect(warmBudget(0.5, 1000)).toBe(500);
  });

  it("reads every page of its B-trees, and no more than its budget", async () => {
    const all = await warmUp(file(), warmTargets(getDb().$client), 2 ** 40).done;
    expect(all).toMatchObject({ stoppedAtBudget: false });
    const pages = getDb().$client.prepare("SELECT count(*) FROM dbstat WHERE name IN (SELECT value FROM json_each(?))").pluck().get(JSON.stringify(warmTargets(getDb().$client)));
    expect(all!.pages).toBe(pages);
    const budget = 5 * 4096;
    const some = await warmUp(file(), warmTargets(getDb().$client), budget).done;
    expect(some).toMatchObject({ stoppedAtBudget: true, pages: 5, bytes: budget });
  });

  it("holds readiness back ('warming') until the pages and the search's copy of the tag columns are read, then says what it read", async () => {
    logged.length = 0;
    // The copy to be read again whole (as after a load), in steps as a large registry's is.
    getDb().$client.exec("INSERT INTO business_tag_changes (business_id) VALUES (0)");
    const saved = { ...TAG_STORE_READS };
    Object.assign(TAG_STORE_READS, { atOnce: 0, step: 50 });
    try {
      const warm = startWarmUps({ sqlite: () => getDb().$client, file: file(), share: 0.5, logger, checkEveryMs: 60_000 });
      const during = checkReadiness();
      expect(during.ready).toBe(false);
      expect(during.checks.warm).toEqual({ ok: false, error: "warming" });
      await until(() => globalThis.__warmUp?.state === "warm");
      expect(checkReadiness()).toMatchObject({ ready: true, checks: { warm: { ok: true } } });
      expect(currentTagStore(getDb().$client)).not.toBeNull();
      expect(logged.map((l) => l.msg)).toEqual([
        expect.stringMatching(/^warm-up \(start\) read [\d.]+ MB \(\d+ pages of \d+ B-trees\) in \d+ ms; the search's copy of status, type and claimed in \d+ ms$/),
      ]);
      await warm.stop();
    } finally {
      Object.assign(TAG_STORE_READS, saved);
    }
  });

  it("stops with the server: a warm-up stopped at once reads nothing more and logs nothing", async () => {
    logged.length = 0;
    const warm = startWarmUps({ sqlite: () => getDb().$client, file: file(), share: 0.5, logger, checkEveryMs: 60_000 });
    await warm.stop();
    await new Promise((r) => setTimeout(r, 300));
    expect(logged).toEqual([]);
  });

  it("reads again after a registry import, with readiness left on", async () => {
    logged.length = 0;
    const warm = startWarmUps({ sqlite: () => getDb().$client, file: file(), share: 0.5, logger, checkEveryMs: 20 });
    await until(() => logged.length === 1);
    getDb()
      .$client.prepare("INSERT INTO registry_imports (file_name, sha256, started_at, finished_at, summary) VALUES ('20261201c.txt', 'x', 0, 0, '{}')")
      .run();
    await until(() => globalThis.__warmUp?.state === "warming");
    expect(checkReadiness().ready).toBe(true);
    await until(() => logged.length === 2);
    expect(logged[1].msg).toMatch(/^warm-up \(import\) read /);
    await warm.stop();
  });
});

describe("the warm-up in the production server", { timeout: 120_000 }, () => {
  it("WARM_ON_START=on: ready after the warm-up, which the log reports; off: no warm-up", async () => {
    const on = await startProdServer({ env: { WARM_ON_START: "on", WARM_MEMORY_SHARE: "0.1" } });
    try {
      await until(() => on.logLines().some((l) => l.job === "warm-up"), 30_000);
      expect((await fetch(`${on.url}/resources/readyz`)).status).toBe(200);
      expect((await fetch(`${on.url}/resources/healthz`)).status).toBe(200);
      const line = on.logLines().find((l) => l.job === "warm-up")!;
      expect(line).toMatchObject({ reason: "start", stoppedAtBudget: false });
      expect(line.pages).toBeGreaterThan(0);
    } finally {
      on.child.kill("SIGTERM");
      await on.exited;
    }
    const off = await startProdServer({ env: { WARM_ON_START: "off" } });
    try {
      expect((await fetch(`${off.url}/resources/readyz`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 500));
      expect(off.logLines().some((l) => l.job === "warm-up")).toBe(false);
    } finally {
      off.child.kill("SIGTERM");
      await off.exited;
    }
  });
});
