/**
 * Filings (issue 40), the model: the required-documents rule table, answers judged one by one,
 * submission once, decisions and what approval changes.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, businesses, filingEvents, outbox, payments } from "~/db/schema";
import { requiredDocuments, documentChecklist, DOCUMENT_RULES } from "~/lib/filings/documents";
import { FILING_KINDS, transferFeeCents, localBusinessNumber } from "~/lib/filings/kinds";
import { decideFiling } from "~/models/filings/decision.server";
import { addDocument, createFiling, filingView, getFilingRow, requireFilingFor, saveAnswers, submitFiling, withdrawFiling, FilingError } from "~/models/filings/filings.server";
import { receiptDocument } from "~/models/receipt-document.server";
import { createBusiness, createReceipt, createUser } from "../support/factories";
import { GOOD_ANSWERS, storedPdf } from "../support/filings";

const licensed = { licensedCategories: new Set(["contractor"]) };

const GOOD = GOOD_ANSWERS;

async function submittedApplication(answers: Record<string, string> = GOOD) {
  const user = await createUser();
  const filing = createFiling(user, "new-business");
  expect(saveAnswers(user, filing, answers).errors).toEqual({});
  await addDocument(getFilingRow(filing.id)!, "proof-of-location", storedPdf());
  submitFiling(user, getFilingRow(filing.id)!);
  return { user, filing: getFilingRow(filing.id)! };
}

describe("the required-documents rule table", () => {
  it("asks a storefront for its certificate of use, a licensed trade for its licence, a trade name for its registration", () => {
    expect(requiredDocuments("new-business", { homeBased: "yes" }, licensed)).toEqual(["proof-of-location"]);
    expect(requiredDocuments("new-business", { homeBased: "no", category: "contractor", tradeName: "Bob's" }, licensed)).toEqual([
      "proof-of-location",
      "certificate-of-use",
      "state-license",
      "fictitious-name",
    ]);
    expect(requiredDocuments("new-business", { tradeName: "  " }, licensed)).toEqual(["proof-of-location"]);
    expect(requiredDocuments("transfer", {}, licensed)).toEqual(["bill-of-sale"]);
    expect(requiredDocuments("change-location", { homeBased: "no" }, licensed)).toEqual(["proof-of-location", "certificate-of-use"]);
    expect(requiredDocuments("close-business", {}, licensed)).toEqual([]);
  });

  it("shows every kind's whole checklist before it starts", () => {
    for (const kind of FILING_KINDS) {
      expect(documentChecklist(kind).map((d) => d.type)).toEqual(DOCUMENT_RULES.filter((r) => r.kinds.includes(kind)).map((r) => r.type));
    }
    expect(documentChecklist("new-business")).toHaveLength(4);
  });

  it("charges 10% of the year's tax for a transfer, at least $3, at most $25, and numbers town businesses locally", () => {
    expect(transferFeeCents(100_00)).toBe(10_00);
    expect(transferFeeCents(10_00)).toBe(3_00);
    expect(transferFeeCents(1000_00)).toBe(25_00);
    expect(localBusinessNumber(2027, 123)).toBe("BTR-2027-000123");
  });
});

describe("answers", () => {
  it("saves the good answers, reports the bad ones and keeps what was saved before", async () => {
    const user = await createUser();
    const filing = createFiling(user, "new-business");
    saveAnswers(user, filing, { businessName: "Keep me" });
    const { errors } = saveAnswers(user, filing, { address1: "1 Main St", city: "Miami", zip: "99999", employeeCount: "-1", phone: "x".repeat(5000), businessName: "" });
    expect(errors).toEqual({
      city: "The business must be located in Pembroke Park",
      zip: "This ZIP code is not in Pembroke Park",
      employeeCount: "Employee count must be a positive number or zero",
      phone: "Phone number must be at most 30 characters",
    });
    const view = filingView(getFilingRow(filing.id)!);
    expect(view.answers).toMatchObject({ address1: "1 Main St", email: user.email });
    expect(view.answers.businessName).toBeUndefined(); // an empty answer clears it
    expect(view.missing).toContainEqual({ field: "businessName", message: "Business name is required" });
  });

  it("with atomic, one bad answer saves nothing", async () => {
    const user = await createUser();
    const filing = createFiling(user, "new-business");
    expect(saveAnswers(user, filing, { businessName: "A", zip: "1" }, { atomic: true }).errors).toEqual({ zip: "ZIP code must be 5 digits" });
    expect(filingView(getFilingRow(filing.id)!).answers.businessName).toBeUndefined();
  });

  it("looks the state document number up in the registry", async () => {
    const user = await createUser();
    const filing = createFiling(user, "new-business");
    const owned = createBusiness({ ownerId: (await createUser()).id, isClaimed: true });
    expect(saveAnswers(user, filing, { stateDocumentNumber: "Z99999999999" }).errors.stateDocumentNumber).toMatch(/No business with this document number/);
    expect(saveAnswers(user, filing, { stateDocumentNumber: owned.documentNumber }).errors.stateDocumentNumber).toMatch(/already has an owner/);
    const free = createBusiness();
    expect(saveAnswers(user, filing, { stateDocumentNumber: free.documentNumber.toLowerCase() }).errors).toEqual({});
    expect(filingView(getFilingRow(filing.id)!).answers.stateDocumentNumber).toBe(free.documentNumber);
  });

  it("shows a filing to its applicant and staff only", async () => {
    const [user, other, clerk] = [await createUser(), await createUser(), await createUser({ role: "clerk" })];
    const filing = createFiling(user, "new-business");
    expect(() => requireFilingFor(other, filing.id)).toThrow(FilingError);
    expect(requireFilingFor(clerk, filing.id).id).toBe(filing.id);
  });
});

describe("submission", () => {
  it("refuses a filing with something missing, listing it", async () => {
    const user = await createUser();
    const filing = createFiling(user, "new-business");
    saveAnswers(user, filing, GOOD);
    try {
      submitFiling(user, getFilingRow(filing.id)!);
      expect.unreachable();
    } catch (error) {
      expect((error as FilingError).status).toBe(400);
      expect((error as FilingError).details.missing).toEqual([{ documentType: "proof-of-location", message: "Lease or proof of the location is required" }]);
    }
  });

  it("submits once when submitted twice, and is then read only", async () => {
    const { user, filing } = await submittedApplication();
    const stale = { ...filing, status: "draft" };
    submitFiling(user, stale); // a second tab that still saw the draft
    const events = getDb().select().from(filingEvents).where(eq(filingEvents.filingId, filing.id)).all();
    expect(events.map((e) => e.action)).toEqual(["created", "submitted"]);
    expect(() => saveAnswers(user, getFilingRow(filing.id)!, { businessName: "Changed" })).toThrow("This filing was submitted and can no longer be changed");
  });

  it("lets the applicant withdraw a filing not yet decided", async () => {
    const { user, filing } = await submittedApplication();
    expect(withdrawFiling(user, filing).status).toBe("withdrawn");
    await expect(decideFiling({ id: 1, username: "admin" }, filing.id, "approve", null)).rejects.toThrow("Only a submitted filing can be decided");
  });
});

describe("decisions", () => {
  it("asks for changes with a message, takes the fix and approves: a town business owned by the applicant", async () => {
    const { user, filing } = await submittedApplication();
    await expect(decideFiling({ id: 1, username: "admin" }, filing.id, "request-changes", "  ")).rejects.toThrow("Write a message for the applicant");
    await decideFiling({ id: 1, username: "admin" }, filing.id, "request-changes", "Please give the unit number");
    const asked = getFilingRow(filing.id)!;
    expect(asked.status).toBe("changes-requested");
    saveAnswers(user, asked, { address2: "Unit 4" });
    submitFiling(user, getFilingRow(filing.id)!);
    const approved = await decideFiling({ id: 1, username: "admin" }, filing.id, "approve", null);
    const business = getDb().select().from(businesses).where(eq(businesses.id, approved.businessId!)).get()!;
    expect(business).toMatchObject({ name: GOOD.businessName, ownerId: user.id, isClaimed: true, origin: "town", address2: "Unit 4", employeeCount: 2, filingType: "sole_proprietorship" });
    expect(business.documentNumber).toMatch(/^BTR-\d{4}-\d{6}$/);
    const view = filingView(getFilingRow(filing.id)!);
    expect(view.history.map((h) => h.action)).toEqual(["created", "submitted", "changes_requested", "resubmitted", "approved"]);
    const audits = getDb().select().from(auditLog).where(eq(auditLog.entityId, filing.id)).all().filter((a) => a.entityType === "filing");
    expect(audits.map((a) => a.action)).toEqual(["filing.request-changes", "filing.approve"]);
    const mails = getDb().select().from(outbox).where(eq(outbox.userId, user.id)).all();
    expect(mails.map((m) => m.subject)).toEqual([`Changes requested: New receipt application for ${GOOD.businessName}`, `Approved: New receipt application for ${GOOD.businessName}`]);
    await expect(decideFiling({ id: 1, username: "admin" }, filing.id, "deny", "late")).rejects.toThrow("Only a submitted filing can be decided");
  });

  it("links the registry business an application named instead of making a second one", async () => {
    const free = createBusiness();
    const { user, filing } = await submittedApplication({ ...GOOD, stateDocumentNumber: free.documentNumber });
    const approved = await decideFiling({ id: 1, username: "admin" }, filing.id, "approve", null);
    expect(approved.businessId).toBe(free.id);
    expect(getDb().select().from(businesses).where(eq(businesses.id, free.id)).get()).toMatchObject({ ownerId: user.id, isClaimed: true, origin: "state" });
  });

  it("moves a business: its earlier receipts keep the old address", async () => {
    const owner = await createUser();
    const business = createBusiness({ ownerId: owner.id, isClaimed: true });
    createReceipt(business.id, { userId: owner.id });
    const filing = createFiling(owner, "change-location", business.id);
    expect(saveAnswers(owner, filing, { address1: "4000 Hallandale Beach Blvd", city: "PEMBROKE PARK", zip: "33009", homeBased: "yes" }).errors).toEqual({});
    await addDocument(getFilingRow(filing.id)!, "proof-of-location", storedPdf());
    submitFiling(owner, getFilingRow(filing.id)!);
    await decideFiling({ id: 1, username: "admin" }, filing.id, "approve", null);
    expect(getDb().select().from(businesses).where(eq(businesses.id, business.id)).get()).toMatchObject({ address1: "4000 Hallandale Beach Blvd", zip: "33009" });
    const payment = getDb().select().from(payments).where(eq(payments.businessId, business.id)).get()!;
    const moved = getDb().select().from(businesses).where(eq(businesses.id, business.id)).get()!;
    expect(receiptDocument(payment, moved).business.address).toBe("3150 SW 52nd Ave, Pembroke Park, FL, 33023");
    expect(receiptDocument({ ...payment, businessAddress: null }, moved).business.address).toBe("4000 Hallandale Beach Blvd, PEMBROKE PARK, FL, 33009");
  });

  it("closes a business from the date given, and refuses a date in the future", async () => {
    const owner = await createUser();
    const business = createBusiness({ ownerId: owner.id, isClaimed: true, autoRenew: true });
    const filing = createFiling(owner, "close-business", business.id);
    expect(saveAnswers(owner, filing, { closedOn: "2999-01-01" }).errors).toEqual({ closedOn: "The closing date cannot be in the future" });
    expect(saveAnswers(owner, filing, { closedOn: "2026-02-30" }).errors).toEqual({ closedOn: "Enter the date as yyyy-mm-dd" });
    saveAnswers(owner, filing, { closedOn: "2026-10-15" });
    submitFiling(owner, getFilingRow(filing.id)!);
    await decideFiling({ id: 1, username: "admin" }, filing.id, "approve", null);
    expect(getDb().select().from(businesses).where(eq(businesses.id, business.id)).get()).toMatchObject({ closedOn: "2026-10-15", autoRenew: false });
  });

  it("refuses a filing about a business that is not the user's", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    const business = createBusiness({ ownerId: owner.id, isClaimed: true });
    expect(() => createFiling(other, "close-business", business.id)).toThrow("Choose one of your businesses");
    expect(() => createFiling(owner, "transfer", business.id)).toThrow("Only a business holding this year's receipt can be transferred");
  });
});
