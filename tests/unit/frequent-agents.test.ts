/**
 * Which registered agents a full load holds as tokens (decision 0032): those of at least 1% of its
 * first records, and at least 20 of them, most frequent first.
 */
import { describe, expect, it } from "vitest";
import { AgentSample, SAMPLE_RECORDS } from "~/models/search/frequent-agents.server";

describe("the frequent agents of a load", () => {
  it("are the agents of at least 1% of the first records (and at least 20), coded from 1, most frequent first", () => {
    const sample = new AgentSample();
    const agents = (i: number) => (i % 10 === 0 ? "C T CORPORATION SYSTEM" : i % 90 === 1 ? "REGISTERED AGENTS INC." : i % 3 === 0 ? null : `OWNER ${i}`);
    let complete = -1;
    for (let i = 0; i < SAMPLE_RECORDS + 5_000 && complete < 0; i++) if (sample.add(agents(i))) complete = i + 1;
    // Complete at the sample's size; the records after it are not counted.
    expect(complete).toBe(SAMPLE_RECORDS);
    expect(sample.add("LATE AGENT")).toBe(true);
    // 2,000 and 222 of 20,000 (10% and 1.1%); each owner once.
    expect(sample.decide()).toEqual([
      { code: 1, name: "C T CORPORATION SYSTEM" },
      { code: 2, name: "REGISTERED AGENTS INC." },
    ]);
  });

  it("in a small file, only agents of at least 20 records", () => {
    const sample = new AgentSample();
    for (let i = 0; i < 500; i++) sample.add(i < 19 ? "NINETEEN LLC" : i < 45 ? "TWENTY-SIX LLC" : null);
    expect(sample.decide()).toEqual([{ code: 1, name: "TWENTY-SIX LLC" }]);
  });
});
