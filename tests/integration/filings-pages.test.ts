/**
 * The applicant's filing pages (issue 40), their loaders and actions called as Remix does: the
 * guards, a step's form (bad fields keep every other answer and come back as typed), uploads
 * (refused by content, by size, never costing an answer), the review's submission (once when sent
 * twice), the document download, and the dashboard's Documents tab.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { filingDocuments, filingEvents } from "~/db/schema";
import { DOCUMENT_MESSAGES, MAX_FILING_DOCUMENT_BYTES } from "~/lib/filings/documents";
import { createFiling, filingView, getFilingRow, saveAnswers } from "~/models/filings/filings.server";
import * as dashboardPage from "~/routes/dashboard";
import * as documentRoute from "~/routes/filings.$id.documents.$documentId";
import * as stepPage from "~/routes/filings.$id.$step";
import * as filingPage from "~/routes/filings.$id._index";
import * as newPage from "~/routes/filings.new";
import { createBusiness, createReceipt, createUser, makeRequest, sessionCookieFor } from "../support/factories";
import { fixtureBytes, readFlashedToast, run, uploadedFiles } from "../support/claim-requests";

type User = { id: number };

const GOOD_BUSINESS = { businessName: "Señora Café LLC", ownership: "llc", phone: "(954) 555-0100", email: "owner@example.com" };
const GOOD_LOCATION = { address1: "3150 SW 52nd Ave", city: "Pembroke Park", zip: "33023", homeBased: "yes" };
const GOOD_ACTIVITY = { category: "restaurant", employeeCount: "2", vehicleCount: "0" };

const params = (id: number, step?: string) => ({ id: String(id), ...(step ? { step } : {}) });

async function postStep(user: User | null, id: number, step: string, fields: Record<string, string>) {
  // A browser posts a form without files urlencoded.
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (user) headers.set("Cookie", await sessionCookieFor(user.id));
  const request = new Request(`http://localhost:3000/filings/${id}/${step}`, { method: "POST", headers, body: new URLSearchParams(fields) });
  return run(stepPage.action, request, params(id, step));
}

async function upload(user: User, id: number, documentType: string, file: File) {
  const form = new FormData();
  form.append("documentType", documentType);
  form.append("file", file);
  const request = await makeRequest(`/filings/${id}/documents?documentType=${documentType}`, { method: "POST", user, form });
  return run(stepPage.action, request, params(id, "documents"));
}

const pdf = (name = "lease.pdf") => new File([new Uint8Array(fixtureBytes("lease.pdf"))], name, { type: "application/pdf" });

async function applicantWithDraft() {
  const user = await createUser();
  const filing = createFiling(user, "new-business");
  return { user, filing };
}

const view = (id: number) => filingView(getFilingRow(id)!);

describe("guards", () => {
  it("sends a signed-out visitor to the login page from every page", async () => {
    const { filing } = await applicantWithDraft();
    const cases: [string, (args: never) => unknown, Record<string, string>][] = [
      ["/filings/new", newPage.loader, {}],
      [`/filings/${filing.id}`, filingPage.loader, params(filing.id)],
      [`/filings/${filing.id}/business`, stepPage.loader, params(filing.id, "business")],
    ];
    for (const [path, loader, p] of cases) {
      const response = await run(loader, await makeRequest(path), p);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const posted = await postStep(null, filing.id, "business", GOOD_BUSINESS);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(view(filing.id).answers.businessName).toBeUndefined();
  });

  it("answers 404 for someone else's filing (page, step, post, document) and for a step the kind has not", async () => {
    const { user, filing } = await applicantWithDraft();
    const other = await createUser();
    expect((await run(filingPage.loader, await makeRequest(`/filings/${filing.id}`, { user: other }), params(filing.id))).status).toBe(404);
    expect((await run(stepPage.loader, await makeRequest(`/filings/${filing.id}/business`, { user: other }), params(filing.id, "business"))).status).toBe(404);
    const posted = await postStep(other, filing.id, "business", GOOD_BUSINESS);
    expect(posted.status).toBe(404);
    expect(view(filing.id).answers.businessName).toBeUndefined();
    expect((await run(stepPage.loader, await makeRequest(`/filings/${filing.id}/closing`, { user }), params(filing.id, "closing"))).status).toBe(404);
    for (const id of ["0", "abc", "999999"]) {
      expect((await run(filingPage.loader, await makeRequest(`/filings/${id}`, { user }), { id })).status, id).toBe(404);
    }
  });

  it("shows staff the filing read only, with the staff review link, and keeps them out of its steps", async () => {
    const { filing } = await applicantWithDraft();
    const clerk = await createUser({ role: "clerk" });
    const page = await run(filingPage.loader, await makeRequest(`/filings/${filing.id}`, { user: clerk }), params(filing.id));
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ isStaff: true, isApplicant: false, editable: false, withdrawable: false });
    const step = await run(stepPage.loader, await makeRequest(`/filings/${filing.id}/business`, { user: clerk }), params(filing.id, "business"));
    expect(step.status).toBe(302);
    expect(step.headers.get("Location")).toBe(`/filings/${filing.id}`);
  });
});

describe("/filings/new", () => {
  it("lists the user's own businesses and starts a filing at its first step", async () => {
    const user = await createUser();
    const mine = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: user.id });
    createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: (await createUser()).id });
    const page = await run(newPage.loader, await makeRequest(`/filings/new?kind=close-business&businessId=${mine.id}`, { user }));
    expect(await page.json()).toEqual({ meta: expect.any(Object), focus: "close-business", businessId: mine.id, businesses: [{ id: mine.id, name: mine.name, documentNumber: mine.documentNumber }] });

    const started = await run(newPage.action, await makeRequest("/filings/new", { user, form: { kind: "close-business", businessId: String(mine.id) } }));
    expect(started.status).toBe(303);
    expect(started.headers.get("Location")).toMatch(/^\/filings\/\d+\/closing$/);

    const application = await run(newPage.action, await makeRequest("/filings/new", { user, form: { kind: "new-business" } }));
    expect(application.headers.get("Location")).toMatch(/^\/filings\/\d+\/business$/);
  });

  it("answers the model's refusals on the page (400, 403, 409), never a 500", async () => {
    const user = await createUser();
    const mine = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: user.id });
    const theirs = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: (await createUser()).id });
    const post = async (form: Record<string, string>) => run(newPage.action, await makeRequest("/filings/new", { user, form }));

    let response = await post({ kind: "nonsense" });
    expect(response.status).toBe(400);
    response = await post({ kind: "close-business" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ kind: "close-business", message: "Choose the business this filing is about", field: "businessId" });
    response = await post({ kind: "change-location", businessId: String(theirs.id) });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: "Choose one of your businesses" });
    response = await post({ kind: "transfer", businessId: String(mine.id) });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: "Only a business holding this year's receipt can be transferred" });

    const first = await post({ kind: "close-business", businessId: String(mine.id) });
    const openId = Number(first.headers.get("Location")!.split("/")[2]);
    response = await post({ kind: "close-business", businessId: String(mine.id) });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: "This business already has a filing of this kind in progress", openFilingId: openId });
  });
});

describe("a step's form", () => {
  it("saves a good step and goes on to the next one (303)", async () => {
    const { user, filing } = await applicantWithDraft();
    const response = await postStep(user, filing.id, "business", { ...GOOD_BUSINESS, tradeName: "", stateDocumentNumber: "", intent: "next" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/filings/${filing.id}/location`);
    expect(view(filing.id).answers).toMatchObject(GOOD_BUSINESS);
  });

  it("with a bad field: saves the good answers, keeps what was typed in the form, field errors (400)", async () => {
    const { user, filing } = await applicantWithDraft();
    saveAnswers(user, filing, { businessName: "Saved earlier" });
    const response = await postStep(user, filing.id, "location", { address1: "3150 SW 52nd Ave", address2: "Suite 5", city: "Miami", zip: "33023", homeBased: "no", intent: "next" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { kind: string; result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(body.result.error.city).toEqual(["The business must be located in Pembroke Park"]);
    expect(Object.keys(body.result.error).filter((k) => body.result.error[k]?.length)).toEqual(["city"]);
    expect(body.result.initialValue).toMatchObject({ address1: "3150 SW 52nd Ave", address2: "Suite 5", city: "Miami", zip: "33023", homeBased: "no" });
    const answers = view(filing.id).answers;
    expect(answers).toMatchObject({ businessName: "Saved earlier", address1: "3150 SW 52nd Ave", address2: "Suite 5", zip: "33023", homeBased: "no" });
    expect(answers.city).toBeUndefined();
  });

  it("asks for what the step requires on 'Save and continue', but 'Back' saves what is there and goes back", async () => {
    const { user, filing } = await applicantWithDraft();
    const next = await postStep(user, filing.id, "activity", { category: "contractor", employeeCount: "1", vehicleCount: "", intent: "next" });
    expect(next.status).toBe(400);
    const errors = ((await next.json()) as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.vehicleCount).toEqual(["Vehicle count must be a positive number or zero"]);
    expect(errors.stateLicenseNumber).toEqual(["State licence number is required for this activity"]);

    const back = await postStep(user, filing.id, "activity", { category: "contractor", employeeCount: "3", vehicleCount: "", stateLicenseNumber: "", intent: "back" });
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe(`/filings/${filing.id}/location`);
    expect(view(filing.id).answers).toMatchObject({ category: "contractor", employeeCount: "3" });

    // Back with a bad format stays, with the error, nothing typed lost.
    const badBack = await postStep(user, filing.id, "activity", { category: "contractor", employeeCount: "-4", intent: "back" });
    expect(badBack.status).toBe(400);
    expect(view(filing.id).answers.employeeCount).toBe("3");
  });

  it("survives huge and unicode input without a 500", async () => {
    const { user, filing } = await applicantWithDraft();
    const response = await postStep(user, filing.id, "business", { ...GOOD_BUSINESS, businessName: "x".repeat(50_000), tradeName: "Café 🍰 «Ñ»", intent: "next" });
    expect(response.status).toBe(400);
    const errors = ((await response.json()) as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.businessName).toEqual(["Business name must be at most 200 characters"]);
    expect(view(filing.id).answers.tradeName).toBe("Café 🍰 «Ñ»");
  });

  it("a submitted filing's steps lead to its read-only page", async () => {
    const { user, filing } = await submittedFiling();
    const page = await run(stepPage.loader, await makeRequest(`/filings/${filing.id}/business`, { user }), params(filing.id, "business"));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/filings/${filing.id}`);
    const posted = await postStep(user, filing.id, "business", { ...GOOD_BUSINESS, businessName: "Changed", intent: "next" });
    expect(posted.status).toBe(303);
    expect(await readFlashedToast(posted)).toMatchObject({ description: "This filing was submitted and can no longer be changed" });
    expect(view(filing.id).answers.businessName).toBe(GOOD_BUSINESS.businessName);
  });
});

describe("the documents step", () => {
  it("stores a real PDF and serves it to its applicant and staff only, as stored, never cached", async () => {
    const { user, filing } = await applicantWithDraft();
    const response = await upload(user, filing.id, "proof-of-location", pdf("Lease, Café 2027.pdf"));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/filings/${filing.id}/documents`);
    expect(await readFlashedToast(response)).toMatchObject({ title: "Document uploaded", description: "Lease or proof of the location: Lease, Café 2027.pdf" });
    const [doc] = view(filing.id).documents;
    expect(doc).toMatchObject({ documentType: "proof-of-location", contentType: "application/pdf", fileName: "Lease, Café 2027.pdf" });

    const get = async (who: User | null) =>
      run(documentRoute.loader, await makeRequest(`/filings/${filing.id}/documents/${doc.id}`, { user: who }), { id: String(filing.id), documentId: String(doc.id) });
    const own = await get(user);
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("application/pdf");
    expect(own.headers.get("Content-Disposition")).toBe("inline; filename=\"Lease, Cafe 2027.pdf\"; filename*=UTF-8''Lease%2C%20Caf%C3%A9%202027.pdf");
    expect(own.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await own.arrayBuffer()).equals(fixtureBytes("lease.pdf"))).toBe(true);

    expect((await get(await createUser({ role: "clerk" }))).status).toBe(200);
    expect((await get(await createUser())).status).toBe(404);
    expect((await get(null)).status).toBe(302);
    // A document id of another filing is not found under this one.
    const other = await applicantWithDraft();
    const wrong = await run(documentRoute.loader, await makeRequest(`/filings/${other.filing.id}/documents/${doc.id}`, { user: other.user }), {
      id: String(other.filing.id),
      documentId: String(doc.id),
    });
    expect(wrong.status).toBe(404);
  });

  it("refuses a 'PDF' that is really an executable, keeps no file and loses no answer", async () => {
    const { user, filing } = await applicantWithDraft();
    saveAnswers(user, filing, { ...GOOD_BUSINESS, ...GOOD_LOCATION });
    const before = uploadedFiles().length;
    const exe = new File([Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(2048, 0x41)])], "x.pdf", { type: "application/pdf" });
    const response = await upload(user, filing.id, "proof-of-location", exe);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ kind: "upload", failure: { documentType: "proof-of-location", field: "file", message: DOCUMENT_MESSAGES.fileType } });
    expect(uploadedFiles().length).toBe(before);
    const after = view(filing.id);
    expect(after.documents).toEqual([]);
    expect(after.answers).toMatchObject({ ...GOOD_BUSINESS, ...GOOD_LOCATION });
  });

  it("refuses a file over 10 MB with 413 and the size message, keeping the answers", async () => {
    const { user, filing } = await applicantWithDraft();
    saveAnswers(user, filing, GOOD_BUSINESS);
    const big = Buffer.alloc(MAX_FILING_DOCUMENT_BYTES + 1, 0x20);
    Buffer.from("%PDF-1.4\n").copy(big);
    const before = uploadedFiles().length;
    const response = await upload(user, filing.id, "proof-of-location", new File([big], "big.pdf", { type: "application/pdf" }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ kind: "upload", failure: { documentType: "proof-of-location", field: "file", message: "File size must be less than 10MB" } });
    expect(uploadedFiles().length).toBe(before);
    expect(view(filing.id).answers).toMatchObject(GOOD_BUSINESS);
    expect(view(filing.id).documents).toEqual([]);
  });

  it("refuses an unknown document type, a type the kind does not take, and no file", async () => {
    const { user, filing } = await applicantWithDraft();
    let response = await upload(user, filing.id, "passport", pdf());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ failure: { documentType: null, message: DOCUMENT_MESSAGES.type } });
    response = await upload(user, filing.id, "bill-of-sale", pdf());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ failure: { documentType: "bill-of-sale", field: "documentType", message: DOCUMENT_MESSAGES.notNeeded } });
    response = await upload(user, filing.id, "proof-of-location", new File([], "", { type: "application/octet-stream" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ failure: { message: DOCUMENT_MESSAGES.notAFile } });
    expect(getDb().select().from(filingDocuments).where(eq(filingDocuments.filingId, filing.id)).all()).toEqual([]);
  });

  it("Continue and Back move between the steps", async () => {
    const { user, filing } = await applicantWithDraft();
    const next = await postStep(user, filing.id, "documents", { intent: "next" });
    expect(next.headers.get("Location")).toBe(`/filings/${filing.id}/review`);
    const back = await postStep(user, filing.id, "documents", { intent: "back" });
    expect(back.headers.get("Location")).toBe(`/filings/${filing.id}/activity`);
  });
});

async function readyApplication() {
  const { user, filing } = await applicantWithDraft();
  expect(saveAnswers(user, filing, { ...GOOD_BUSINESS, ...GOOD_LOCATION, ...GOOD_ACTIVITY }).errors).toEqual({});
  expect((await upload(user, filing.id, "proof-of-location", pdf())).status).toBe(303);
  return { user, filing };
}

async function submittedFiling() {
  const ready = await readyApplication();
  expect((await postStep(ready.user, ready.filing.id, "review", { intent: "submit" })).status).toBe(303);
  return ready;
}

describe("the review step", () => {
  it("lists what is missing and refuses to submit (400)", async () => {
    const { user, filing } = await applicantWithDraft();
    saveAnswers(user, filing, GOOD_BUSINESS);
    const response = await postStep(user, filing.id, "review", { intent: "submit" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { kind: string; message: string; missing: { field?: string; documentType?: string }[] };
    expect(body).toMatchObject({ kind: "submit", message: "Some answers or documents are still missing" });
    expect(body.missing.map((m) => m.field ?? m.documentType)).toEqual(["address1", "city", "zip", "homeBased", "category", "employeeCount", "vehicleCount", "proof-of-location"]);
    expect(getFilingRow(filing.id)!.status).toBe("draft");
  });

  it("submits with the 'Filing submitted' toast; a double submit makes one submission", async () => {
    const { user, filing } = await readyApplication();
    const [a, b] = await Promise.all([postStep(user, filing.id, "review", { intent: "submit" }), postStep(user, filing.id, "review", { intent: "submit" })]);
    const c = await postStep(user, filing.id, "review", { intent: "submit" });
    for (const response of [a, b, c]) {
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe(`/filings/${filing.id}`);
      expect(await readFlashedToast(response)).toMatchObject({ title: "Filing submitted" });
    }
    expect(getFilingRow(filing.id)!.status).toBe("submitted");
    const events = getDb().select().from(filingEvents).where(eq(filingEvents.filingId, filing.id)).all();
    expect(events.filter((e) => e.action === "submitted")).toHaveLength(1);
  });

  it("says a transfer's fee must be paid first (409), never a 500", async () => {
    const seller = await createUser();
    const buyer = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: seller.id, employeeCount: 0, vehicleCount: 0 });
    createReceipt(business.id, { userId: seller.id });
    const filing = createFiling(seller, "transfer", business.id);
    expect((await postStep(seller, filing.id, "buyer", { buyer: buyer.username, intent: "next" })).status).toBe(303);
    expect((await upload(seller, filing.id, "bill-of-sale", pdf("sale.pdf"))).status).toBe(303);
    const page = await run(stepPage.loader, await makeRequest(`/filings/${filing.id}/review`, { user: seller }), params(filing.id, "review"));
    expect(await page.json()).toMatchObject({ view: { feeCents: 1000, feePaid: false } });
    const response = await postStep(seller, filing.id, "review", { intent: "submit" });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ kind: "submit", message: "Pay the transfer fee before submitting" });
  });
});

describe("the filing's page", () => {
  it("shows the next step while editable, and withdraws", async () => {
    const { user, filing } = await applicantWithDraft();
    saveAnswers(user, filing, GOOD_BUSINESS);
    const page = await (await run(filingPage.loader, await makeRequest(`/filings/${filing.id}`, { user }), params(filing.id))).json();
    expect(page).toMatchObject({ isApplicant: true, editable: true, withdrawable: true, next: { slug: "location", title: "Location in town" } });

    const other = await createUser();
    const refused = await run(filingPage.action, await makeRequest(`/filings/${filing.id}`, { user: other, form: { intent: "withdraw" } }), params(filing.id));
    expect(refused.status).toBe(404);
    const response = await run(filingPage.action, await makeRequest(`/filings/${filing.id}`, { user, form: { intent: "withdraw" } }), params(filing.id));
    expect(response.status).toBe(302);
    expect(await readFlashedToast(response)).toMatchObject({ title: "Filing withdrawn" });
    expect(getFilingRow(filing.id)!.status).toBe("withdrawn");
  });
});

describe("the dashboard's Documents tab", () => {
  it("lists the user's filings with their status and next step; a draft can be withdrawn", async () => {
    const { user, filing } = await applicantWithDraft();
    saveAnswers(user, filing, GOOD_BUSINESS);
    const submitted = await submittedFiling();
    const stranger = await applicantWithDraft();

    const data = await (await run(dashboardPage.loader, await makeRequest("/dashboard?tab=documents", { user }))).json();
    expect(data.tab).toBe("documents");
    expect(data.filings).toEqual([
      expect.objectContaining({ id: filing.id, kind: "new-business", status: "draft", businessName: GOOD_BUSINESS.businessName }),
    ]);
    expect(JSON.stringify(data.filings)).not.toContain(String(stranger.filing.id) + ",");

    const theirs = await (await run(dashboardPage.loader, await makeRequest("/dashboard?tab=documents", { user: submitted.user }))).json();
    expect(theirs.filings).toEqual([expect.objectContaining({ id: submitted.filing.id, status: "submitted", missing: [] })]);

    const withdraw = async (who: User, id: number) =>
      run(dashboardPage.action, await makeRequest("/dashboard?tab=documents", { user: who, form: { intent: "withdraw-filing", filingId: String(id) } }));
    let response = await withdraw(user, stranger.filing.id);
    expect(await readFlashedToast(response)).toMatchObject({ title: "Could not withdraw the filing", description: "Filing not found" });
    expect(getFilingRow(stranger.filing.id)!.status).toBe("draft");
    response = await withdraw(submitted.user, submitted.filing.id);
    expect(await readFlashedToast(response)).toMatchObject({ title: "Could not withdraw the filing" });
    expect(getFilingRow(submitted.filing.id)!.status).toBe("submitted");
    response = await withdraw(user, filing.id);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/dashboard?tab=documents");
    expect(await readFlashedToast(response)).toMatchObject({ title: "Filing withdrawn" });
    expect(getFilingRow(filing.id)!.status).toBe("withdrawn");
  });
});
