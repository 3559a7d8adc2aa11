/**
 * How the server's wrapper of every action (server/app-server.ts withErrorReferences) treats a
 * database another process is writing: it waits for the lock before the action; an action that
 * meets the lock later having written nothing runs once more on a copy of its request; one that
 * had written, or whose body is an upload, answers 503 with the product's words.
 */
import Database from "better-sqlite3";
import type { ServerBuild } from "@remix-run/node";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, SERVER_BUSY_TIMEOUT_MS } from "~/db/client.server";
import englishCommon from "~/locales/en/common.json";
import spanishCommon from "~/locales/es/common.json";
import { BUSY_MESSAGE, withErrorReferences } from "../../server/app-server";
import { createLogger } from "../../server/logger";

let other: Database.Database;
beforeAll(() => {
  getDb().$client.pragma(`busy_timeout = ${SERVER_BUSY_TIMEOUT_MS}`);
  getDb().$client.exec("CREATE TABLE IF NOT EXISTS write_wait_probe (n INTEGER)");
  other = new Database(process.env.DATABASE_PATH!);
});
afterEach(() => {
  if (other.inTransaction) other.exec("ROLLBACK");
});

/** Another writer takes the lock for `ms` (longer than a statement's 80 ms wait). */
function lockFor(ms: number) {
  other.exec("BEGIN IMMEDIATE");
  setTimeout(() => other.exec("ROLLBACK"), ms);
}

/** A one-route build whose action runs `body`. */
function buildWith(action: (args: { request: Request }) => Promise<unknown>) {
  const build = { routes: { "routes/probe": { id: "routes/probe", path: "probe", module: { action } } } } as unknown as ServerBuild;
  const wrapped = withErrorReferences(build, createLogger({ LOG_LEVEL: "silent" }), { writeWaitMs: 2_000 });
  return wrapped.routes["routes/probe"].module.action as unknown as (args: { request: Request; params: object; context: object }) => Promise<unknown>;
}

const count = () => getDb().$client.prepare("SELECT count(*) FROM write_wait_probe").pluck().get() as number;
const post = (body: BodyInit, type: string) => new Request("http://localhost/probe", { method: "POST", body, headers: { "Content-Type": type } });

describe("the busy page's words", () => {
  it("are the product's in English (the JSON door's text) and translated in Spanish", () => {
    expect(englishCommon.errors.busyMessage).toBe(BUSY_MESSAGE);
    expect(spanishCommon.errors.busyMessage).not.toBe(BUSY_MESSAGE);
  });
});

describe("an action and the write lock", () => {
  it("waits for a lock held when it starts, without blocking the event loop", async () => {
    const before = count();
    lockFor(300);
    const action = buildWith(async () => getDb().$client.prepare("INSERT INTO write_wait_probe VALUES (1)").run().changes);
    await expect(action({ request: post("a=1", "application/x-www-form-urlencoded"), params: {}, context: {} })).resolves.toBe(1);
    expect(count()).toBe(before + 1);
  });

  it("meeting the lock after an await of its own, having written nothing, runs once more and reads its body again", async () => {
    const before = count();
    let runs = 0;
    const action = buildWith(async ({ request }) => {
      runs++;
      const form = await request.formData();
      if (runs === 1) lockFor(300); // taken while the action was busy with something slow
      getDb().$client.prepare("INSERT INTO write_wait_probe VALUES (?)").run(Number(form.get("a")));
      return "saved";
    });
    await expect(action({ request: post("a=7", "application/x-www-form-urlencoded"), params: {}, context: {} })).resolves.toBe("saved");
    expect(runs).toBe(2);
    expect(count()).toBe(before + 1);
  });

  it("having written before it met the lock, it is not run again: a 503 with the product's words", async () => {
    const before = count();
    let runs = 0;
    const action = buildWith(async () => {
      runs++;
      getDb().$client.prepare("INSERT INTO write_wait_probe VALUES (1)").run();
      lockFor(300);
      getDb().$client.prepare("INSERT INTO write_wait_probe VALUES (2)").run();
      return "saved";
    });
    const thrown = await action({ request: post("a=1", "application/x-www-form-urlencoded"), params: {}, context: {} }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(BUSY_MESSAGE);
    expect(runs).toBe(1);
    expect(count()).toBe(before + 1);
  });

  it("an upload is not read twice: a 503", async () => {
    let runs = 0;
    const action = buildWith(async () => {
      runs++;
      lockFor(300);
      getDb().$client.prepare("INSERT INTO write_wait_probe VALUES (3)").run();
      return "saved";
    });
    const form = new FormData();
    form.set("file", new Blob(["x"]), "x.png");
    const request = new Request("http://localhost/probe", { method: "POST", body: form });
    const thrown = await action({ request, params: {}, context: {} }).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(503);
    expect(runs).toBe(1);
  });
});
