/**
 * Approval and its consequences are one transaction (issue 40): a process that decides a filing
 * is killed (SIGKILL, FAULT_POINTS=filing.decision-mid) after the consequences were written and
 * before the decision row, and the database holds none of it: the filing still submitted, no
 * business created or changed, no history line, no audit row, no mail in the outbox. Deciding
 * again afterwards works, once.
 */
import { spawnSync } from "node:child_process";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, businesses, filingEvents, outbox } from "~/db/schema";
import type { Answers, FilingDecision } from "~/lib/filings/kinds";
import { decideFiling } from "~/models/filings/decision.server";
import { addDocument, createFiling, getFilingRow, saveAnswers, submitFiling } from "~/models/filings/filings.server";
import { createBusiness, createUser, unique } from "../support/factories";
import { GOOD_ANSWERS, storedPdf } from "../support/filings";

/** Decides the filing in a child process (the app's own code, this test's database), killed at `fault` when given. */
function decideInChild(staff: { id: number; username: string }, filingId: number, decision: FilingDecision, fault?: string) {
  const code = `
    const { decideFiling } = await import("~/models/filings/decision.server");
    await decideFiling(${JSON.stringify(staff)}, ${filingId}, ${JSON.stringify(decision)}, "Decided in a child process");
    console.log("decided");
  `;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    // Fault points fire only with a Stripe test key (never in a live deployment).
    STRIPE_SECRET_KEY: "sk_test_fault_points",
    FAULT_POINTS: fault ?? "",
  };
  // node itself runs the code (tsx as a loader, not tsx's CLI, which would be a second process): the signal is its own.
  return spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { env, encoding: "utf8", timeout: 90_000 });
}

const eventsOf = (filingId: number) => getDb().select({ action: filingEvents.action }).from(filingEvents).where(eq(filingEvents.filingId, filingId)).all().map((e) => e.action);
const auditsOf = (filingId: number) => getDb().select().from(auditLog).where(and(eq(auditLog.entityType, "filing"), eq(auditLog.entityId, filingId))).all();
const mailsOf = (userId: number) => getDb().select().from(outbox).where(eq(outbox.userId, userId)).all();

describe("a decision killed half way leaves nothing half done", { timeout: 240_000 }, () => {
  it("a new receipt application: no business, no history, no audit row, no mail; approving again works once", async () => {
    const staff = await createUser({ isAdmin: true });
    const applicant = await createUser();
    const name = `Killed ${unique("")} Bakery`;
    const filing = createFiling(applicant, "new-business");
    const answers: Answers = { ...GOOD_ANSWERS, businessName: name, ownership: "llc", category: "home-occupation", employeeCount: "0" };
    expect(saveAnswers(applicant, filing, answers).errors).toEqual({});
    await addDocument(getFilingRow(filing.id)!, "proof-of-location", storedPdf());
    submitFiling(applicant, getFilingRow(filing.id)!);

    const killed = decideInChild(staff, filing.id, "approve", "filing.decision-mid");
    expect(killed.signal, killed.stderr).toBe("SIGKILL");
    expect(killed.stdout).not.toContain("decided");

    expect(getFilingRow(filing.id)).toMatchObject({ status: "submitted", businessId: null, decidedAt: null, decisionMessage: null });
    expect(getDb().select().from(businesses).where(like(businesses.name, name)).all()).toEqual([]);
    expect(getDb().select().from(businesses).where(eq(businesses.ownerId, applicant.id)).all()).toEqual([]);
    expect(eventsOf(filing.id)).toEqual(["created", "submitted"]);
    expect(auditsOf(filing.id)).toEqual([]);
    expect(mailsOf(applicant.id)).toEqual([]);

    // The same decision, not killed this time, in another process, then a second one refused.
    const again = decideInChild(staff, filing.id, "approve");
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain("decided");
    const approved = getFilingRow(filing.id)!;
    expect(approved.status).toBe("approved");
    const created = getDb().select().from(businesses).where(eq(businesses.ownerId, applicant.id)).all();
    expect(created).toEqual([expect.objectContaining({ id: approved.businessId, name, isClaimed: true, origin: "town" })]);
    expect(eventsOf(filing.id)).toEqual(["created", "submitted", "approved"]);
    expect(auditsOf(filing.id).map((a) => a.action)).toEqual(["filing.approve"]);
    expect(mailsOf(applicant.id).map((m) => m.kind)).toEqual(["filing-approve"]);
    await expect(decideFiling(staff, filing.id, "approve", null)).rejects.toThrow("Only a submitted filing can be decided");
    expect(getDb().select().from(businesses).where(eq(businesses.ownerId, applicant.id)).all()).toHaveLength(1);
  });

  it("a closing: the business stays open when the process dies, and closes when approved again", async () => {
    const staff = await createUser({ role: "clerk" });
    const owner = await createUser();
    const business = createBusiness({ ownerId: owner.id, isClaimed: true, canBeClaimed: false, autoRenew: true });
    const filing = createFiling(owner, "close-business", business.id);
    expect(saveAnswers(owner, filing, { closedOn: "2026-10-15" }).errors).toEqual({});
    submitFiling(owner, getFilingRow(filing.id)!);

    const killed = decideInChild(staff, filing.id, "approve", "filing.decision-mid");
    expect(killed.signal, killed.stderr).toBe("SIGKILL");
    expect(getFilingRow(filing.id)!.status).toBe("submitted");
    expect(getDb().select().from(businesses).where(eq(businesses.id, business.id)).get()).toMatchObject({ closedOn: null, autoRenew: true });
    expect(auditsOf(filing.id)).toEqual([]);
    expect(mailsOf(owner.id)).toEqual([]);

    await decideFiling(staff, filing.id, "approve", null);
    expect(getFilingRow(filing.id)!.status).toBe("approved");
    expect(getDb().select().from(businesses).where(eq(businesses.id, business.id)).get()).toMatchObject({ closedOn: "2026-10-15", autoRenew: false });
    expect(auditsOf(filing.id).map((a) => a.action)).toEqual(["filing.approve"]);
    expect(mailsOf(owner.id)).toHaveLength(1);
  });
});
