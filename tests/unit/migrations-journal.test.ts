/**
 * drizzle's migrator applies a migration only when its journal date is later than the last one
 * the database applied: a migration dated earlier than its predecessor would be skipped on every
 * existing database (and run on fresh ones), so the dates must rise with the migrations.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";

describe("the migrations' journal", () => {
  it("dates every migration after the one before it", () => {
    const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: { idx: number; when: number; tag: string }[] };
    const late = journal.entries.filter((e, i) => i > 0 && e.when <= journal.entries[i - 1].when).map((e) => e.tag);
    expect(late).toEqual([]);
  });
});
