/**
 * The filings' JSON door (issue 40): every bad input a client can send (empty, malformed, huge,
 * wrong types, unknown answers, an address outside the town, an executable named .pdf, a file
 * over 10 MB, someone else's filing, a decision by a non-staff user, signed out, a double submit,
 * a decision twice), and one whole journey from a new application to an approved business.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { businesses, filingEvents } from "~/db/schema";
import * as adminFilings from "~/routes/api.admin.filings";
import * as decisionRoute from "~/routes/api.admin.filings.$id.decision";
import * as categoriesRoute from "~/routes/api.filing-categories";
import * as filingsRoute from "~/routes/api.filings";
import * as filingRoute from "~/routes/api.filings.$id";
import * as documentsRoute from "~/routes/api.filings.$id.documents";
import * as submitRoute from "~/routes/api.filings.$id.submit";
import * as withdrawRoute from "~/routes/api.filings.$id.withdraw";
import { fixtureFile, run, uploadedFiles } from "../support/claim-requests";
import { createBusiness, createReceipt, createUser, makeRequest } from "../support/factories";
import { executableAsPdf, GOOD_ANSWERS, pdfFile, readyApplication, submittedApplication, uploadRequest } from "../support/filings";

type User = { id: number } | null;
type ErrorJson = { error: { message: string; fieldErrors?: Record<string, string[]>; missing?: unknown[] } };
type FilingJson = {
  id: number;
  kind: string;
  status: string;
  businessId: number | null;
  answers: Record<string, string>;
  documents: { id: number; documentType: string; contentType: string; fileName: string; url: string }[];
  missing: ({ field: string; message: string } | { documentType: string; message: string })[];
  feeCents: number;
  history: { action: string }[];
};

const raw = (method: string, path: string, user: User, body: string | undefined, contentType: string | null = "application/json") =>
  makeRequest(path, { method, user, ...(contentType ? { headers: { "Content-Type": contentType } } : {}) }).then((r) => new Request(r, { body }));

async function create(user: User, body: unknown) {
  return run(filingsRoute.action, await makeRequest("/api/filings", { method: "POST", user, json: body }));
}
async function patch(user: User, id: number | string, body: unknown) {
  return run(filingRoute.action, await makeRequest(`/api/filings/${id}`, { method: "PATCH", user, json: body }), { id: String(id) });
}
async function read(user: User, id: number | string) {
  return run(filingRoute.loader, await makeRequest(`/api/filings/${id}`, { user }), { id: String(id) });
}
async function upload(user: User, id: number, fields?: Parameters<typeof uploadRequest>[2]) {
  return run(documentsRoute.action, await uploadRequest(id, user, fields), { id: String(id) });
}
async function submit(user: User, id: number) {
  return run(submitRoute.action, await makeRequest(`/api/filings/${id}/submit`, { method: "POST", user }), { id: String(id) });
}
async function withdraw(user: User, id: number) {
  return run(withdrawRoute.action, await makeRequest(`/api/filings/${id}/withdraw`, { method: "POST", user }), { id: String(id) });
}
async function decide(user: User, id: number | string, body: unknown) {
  return run(decisionRoute.action, await makeRequest(`/api/admin/filings/${id}/decision`, { method: "POST", user, json: body }), { id: String(id) });
}
async function queue(user: User, query = "") {
  return run(adminFilings.loader, await makeRequest(`/api/admin/filings${query}`, { user }));
}

async function newDraft(user?: Awaited<ReturnType<typeof createUser>>) {
  const applicant = user ?? (await createUser());
  const res = await create(applicant, { kind: "new-business" });
  expect(res.status).toBe(201);
  return { user: applicant, filing: (await res.json()) as FilingJson };
}

async function expectError(res: Response, status: number, message?: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  const body = (await res.json()) as ErrorJson;
  if (message !== undefined) expect(body.error.message).toMatch(message);
  return body.error;
}

describe("POST /api/filings: bad bodies", () => {
  it("refuses an empty body, malformed JSON and a JSON value that is not an object with a 400, never a 500", async () => {
    const user = await createUser();
    for (const body of ["", "{", '{"kind": "new-business"', "[]", '"new-business"', "null", "42"]) {
      await expectError(await run(filingsRoute.action, await raw("POST", "/api/filings", user, body)), 400, "Request body must be a JSON object");
    }
  });

  it("refuses a body not declared JSON (415) and a body over 64 KB (413)", async () => {
    const user = await createUser();
    await expectError(await run(filingsRoute.action, await raw("POST", "/api/filings", user, '{"kind":"new-business"}', "text/plain")), 415);
    await expectError(await run(filingsRoute.action, await raw("POST", "/api/filings", user, '{"kind":"new-business"}', null)), 415);
    await expectError(await create(user, { kind: "new-business", note: "x".repeat(100_000) }), 413, "The request body is too large");
  });

  it("names the field for a wrong kind or a businessId that is not an id", async () => {
    const user = await createUser();
    for (const kind of [undefined, 5, "renewal", "", ["new-business"], { kind: "new-business" }]) {
      const error = await expectError(await create(user, { kind }), 400);
      expect(error.fieldErrors?.kind).toEqual(["Choose the kind of filing: new-business, transfer, change-location, close-business"]);
    }
    for (const businessId of ["abc", -1, 1.5, "7", true]) {
      const error = await expectError(await create(user, { kind: "close-business", businessId }), 400);
      expect(error.fieldErrors?.businessId).toEqual(["businessId must be the id of one of your businesses"]);
    }
  });

  it("needs a business of the caller's for the kinds about a business", async () => {
    const owner = await createUser();
    const business = createBusiness({ ownerId: owner.id, isClaimed: true });
    const error = await expectError(await create(owner, { kind: "change-location" }), 400, "Choose the business this filing is about");
    expect(error.fieldErrors).toEqual({ businessId: ["Choose the business this filing is about"] });
    await expectError(await create(await createUser(), { kind: "close-business", businessId: business.id }), 403, "Choose one of your businesses");
    await expectError(await create(owner, { kind: "close-business", businessId: 999_999_999 }), 403, "Choose one of your businesses");
    await expectError(await create(owner, { kind: "transfer", businessId: business.id }), 409, "Only a business holding this year's receipt can be transferred");
    expect((await create(owner, { kind: "close-business", businessId: business.id })).status).toBe(201);
    await expectError(await create(owner, { kind: "close-business", businessId: business.id }), 409, "This business already has a filing of this kind in progress");
  });

  it("answers 401 signed out and 405 to other methods", async () => {
    await expectError(await create(null, { kind: "new-business" }), 401, "Authentication required");
    await expectError(await run(filingsRoute.loader, await makeRequest("/api/filings")), 401);
    const user = await createUser();
    const res = await run(filingsRoute.action, await makeRequest("/api/filings", { method: "DELETE", user }));
    await expectError(res, 405);
    expect(res.headers.get("Allow")).toBe("POST");
    await expectError(await run(submitRoute.loader, await makeRequest("/api/filings/1/submit", { user })), 405);
  });

  it("starts a draft: 201 with Location, the applicant's email as the first answer and everything still missing", async () => {
    const user = await createUser();
    const res = await create(user, { kind: "new-business", businessId: null });
    expect(res.status).toBe(201);
    const filing = (await res.json()) as FilingJson;
    expect(res.headers.get("Location")).toBe(`/api/filings/${filing.id}`);
    expect(filing).toMatchObject({ kind: "new-business", status: "draft", businessId: null, feeCents: 0, answers: { email: user.email }, documents: [] });
    expect(filing.missing).toContainEqual({ field: "businessName", message: "Business name is required" });
    expect(filing.missing).toContainEqual({ documentType: "proof-of-location", message: "Lease or proof of the location is required" });
    expect(filing.history.map((h) => h.action)).toEqual(["created"]);
  });
});

describe("PATCH /api/filings/{id}: answers", () => {
  it("refuses an empty body and malformed JSON with a 400, saving nothing", async () => {
    const { user, filing } = await newDraft();
    for (const body of ["", "{", "[1,2]", "not json at all", '{"businessName": "x",}']) {
      const req = await raw("PATCH", `/api/filings/${filing.id}`, user, body);
      await expectError(await run(filingRoute.action, req, { id: String(filing.id) }), 400, "Request body must be a JSON object");
    }
    expect(((await (await read(user, filing.id)).json()) as FilingJson).answers).toEqual({ email: user.email });
  });

  it("names every unknown answer and every value that is not text, and saves nothing", async () => {
    const { user, filing } = await newDraft();
    const error = await expectError(
      await patch(user, filing.id, { businessName: "Kept? No", colour: "blue", __proto__x: 1, employeeCount: { n: 2 }, phone: ["954"], tradeName: true, vehicleCount: Infinity }),
      400,
      "Some answers are not valid",
    );
    expect(error.fieldErrors).toMatchObject({
      colour: ["Unknown answer"],
      __proto__x: ["Unknown answer"],
      employeeCount: ["Must be text"],
      phone: ["Must be text"],
      tradeName: ["Must be text"],
    });
    // Infinity is not JSON: it arrives as null, which clears the answer (a valid request on its own).
    expect(error.fieldErrors?.vehicleCount).toBeUndefined();
    expect(((await (await read(user, filing.id)).json()) as FilingJson).answers.businessName).toBeUndefined();
  });

  it("refuses an address outside the town, and saves none of the request's other answers", async () => {
    const { user, filing } = await newDraft();
    const error = await expectError(await patch(user, filing.id, { businessName: "Miami Beach Bakery", address1: "1 Ocean Dr", city: "Miami", zip: "33139" }), 400);
    expect(error.fieldErrors).toEqual({
      city: ["The business must be located in Pembroke Park"],
      zip: ["This ZIP code is not in Pembroke Park"],
    });
    const answers = ((await (await read(user, filing.id)).json()) as FilingJson).answers;
    expect(answers.businessName).toBeUndefined();
    expect(answers.address1).toBeUndefined();
  });

  it("refuses huge strings with the field's limit, and bad formats with the field's message", async () => {
    const { user, filing } = await newDraft();
    const error = await expectError(
      await patch(user, filing.id, {
        businessName: "B".repeat(10_000),
        address2: "U".repeat(5_000),
        phone: "call me",
        email: "not-an-email",
        employeeCount: -1,
        vehicleCount: "1e3",
        homeBased: "maybe",
        category: "no-such-activity",
        ownership: "empire",
        stateDocumentNumber: "!!!",
        closedOn: "yesterday",
      }),
      400,
    );
    expect(error.fieldErrors).toEqual({
      businessName: ["Business name must be at most 200 characters"],
      address2: ["Unit must be at most 100 characters"],
      phone: ["Enter a phone number with its area code, e.g. (954) 555-0100"],
      email: ["Please enter a valid email address"],
      employeeCount: ["Employee count must be a positive number or zero"],
      vehicleCount: ["Vehicle count must be a positive number or zero"],
      homeBased: ["Say whether the business is home-based"],
      category: ["Choose an activity from the list"],
      ownership: ["Choose the kind of ownership"],
      stateDocumentNumber: ["Document number must be 1 to 12 letters and digits, as on sunbiz.org"],
      closedOn: ["Enter the date as yyyy-mm-dd"],
    });
  });

  it("keeps unicode and quotes as typed, reads numbers and booleans, and clears an answer with null or \"\"", async () => {
    const { user, filing } = await newDraft();
    const name = 'Señora Café & "Bakery" 🥐 — Ñandú <b>\'s</b>';
    const res = await patch(user, filing.id, { businessName: name, tradeName: "Trade", employeeCount: 3, vehicleCount: 0, homeBased: true });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as FilingJson;
    expect(saved.answers).toMatchObject({ businessName: name, tradeName: "Trade", employeeCount: "3", vehicleCount: "0", homeBased: "yes" });
    expect(saved.missing).toContainEqual({ documentType: "fictitious-name", message: "Fictitious name registration is required" });
    const cleared = (await (await patch(user, filing.id, { tradeName: null, homeBased: false, vehicleCount: "" })).json()) as FilingJson;
    expect(cleared.answers.tradeName).toBeUndefined();
    expect(cleared.answers.vehicleCount).toBeUndefined();
    expect(cleared.answers).toMatchObject({ businessName: name, homeBased: "no" });
    expect((await (await patch(user, filing.id, {})).json()) as FilingJson).toMatchObject({ answers: cleared.answers });
  });

  it("answers 404 for someone else's filing, an unknown one or an id that is not one; 403 to staff; 401 signed out", async () => {
    const { filing } = await newDraft();
    const stranger = await createUser();
    await expectError(await read(stranger, filing.id), 404, "Filing not found");
    await expectError(await patch(stranger, filing.id, { businessName: "Mine now" }), 404, "Filing not found");
    await expectError(await read(stranger, 999_999_999), 404);
    await expectError(await read(stranger, "abc"), 404);
    await expectError(await patch(stranger, "1.5", {}), 404);
    const clerk = await createUser({ role: "clerk" });
    expect((await read(clerk, filing.id)).status).toBe(200);
    await expectError(await patch(clerk, filing.id, { businessName: "Staff" }), 403, "Only the applicant can change this filing");
    await expectError(await patch(null, filing.id, {}), 401);
    await expectError(await read(null, filing.id), 401);
  });

  it("refuses changes once submitted (409), until staff ask for changes", async () => {
    const { user, filing } = await submittedApplication();
    await expectError(await patch(user, filing.id, { businessName: "Changed" }), 409, "This filing was submitted and can no longer be changed");
    const clerk = await createUser({ role: "clerk" });
    expect((await decide(clerk, filing.id, { decision: "request-changes", message: "Add the unit number" })).status).toBe(200);
    const fixed = await patch(user, filing.id, { address2: "Unit 4" });
    expect(fixed.status).toBe(200);
    expect(((await fixed.json()) as FilingJson).status).toBe("changes-requested");
    const again = await submit(user, filing.id);
    expect(await again.json()).toMatchObject({ status: "submitted" });
  });
});

describe("POST /api/filings/{id}/documents", () => {
  it("refuses an executable named .pdf (by its bytes), and keeps no file", async () => {
    const { user, filing } = await newDraft();
    const before = uploadedFiles().length;
    const error = await expectError(await upload(user, filing.id, { file: executableAsPdf("lease.pdf") }), 400, "File must be a PDF, JPEG or PNG");
    expect(error.fieldErrors).toEqual({ file: ["File must be a PDF, JPEG or PNG"] });
    await expectError(await upload(user, filing.id, { file: fixtureFile("not-an-image.png", "scan.png", "image/png") }), 400, "File must be a PDF, JPEG or PNG");
    await expectError(await upload(user, filing.id, { file: fixtureFile("license.gif", "scan.gif", "image/gif") }), 400, "File must be a PDF, JPEG or PNG");
    expect(uploadedFiles().length).toBe(before);
    expect(((await (await read(user, filing.id)).json()) as FilingJson).documents).toEqual([]);
  });

  it("refuses a file over 10 MB with 413 and the reason, and keeps no file", async () => {
    const { user, filing } = await newDraft();
    const before = uploadedFiles().length;
    const error = await expectError(await upload(user, filing.id, { file: pdfFile("big.pdf", 10 * 1024 * 1024 + 1) }), 413, "File size must be less than 10MB");
    expect(error.fieldErrors).toEqual({ file: ["File size must be less than 10MB"] });
    expect(uploadedFiles().length).toBe(before);
  });

  it("takes a file of exactly 10 MB", async () => {
    const { user, filing } = await newDraft();
    const res = await upload(user, filing.id, { file: pdfFile("exact.pdf", 10 * 1024 * 1024) });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ size: 10 * 1024 * 1024, contentType: "application/pdf" });
  });

  it("names an unknown or missing document type, a type this filing does not take, and a missing file", async () => {
    const { user, filing } = await newDraft();
    for (const documentType of ["passport", "", undefined]) {
      const error = await expectError(await upload(user, filing.id, { documentType }), 400, "Choose which document this is");
      expect(error.fieldErrors).toEqual({ documentType: ["Choose which document this is"] });
    }
    await expectError(await upload(user, filing.id, { documentType: "bill-of-sale" }), 400, "This filing does not need that document");
    const noFile = await expectError(await upload(user, filing.id, { file: undefined }), 400, "Choose a file to upload");
    expect(noFile.fieldErrors).toEqual({ file: ["Choose a file to upload"] });
    const notMultipart = await makeRequest(`/api/filings/${filing.id}/documents`, { method: "POST", user, json: { documentType: "proof-of-location" } });
    await expectError(await run(documentsRoute.action, notMultipart, { id: String(filing.id) }), 400, "Expected a multipart/form-data body");
    expect(uploadedFiles().filter((f) => f.endsWith(".part"))).toEqual([]);
  });

  // (A browser's multipart encoding turns quotes in a file name into %22: unicode is what arrives as typed.)
  it("stores a PDF or an image judged by its bytes (whatever its name), and replaces one of the same type", async () => {
    const { user, filing } = await newDraft();
    const first = await upload(user, filing.id, { file: pdfFile("Contrato de arrendamiento — Señora Café 2026.pdf") });
    expect(first.status).toBe(201);
    const doc = (await first.json()) as FilingJson["documents"][number];
    expect(doc).toMatchObject({ documentType: "proof-of-location", contentType: "application/pdf", fileName: "Contrato de arrendamiento — Señora Café 2026.pdf" });
    expect(doc.url).toBe(`/filings/${filing.id}/documents/${doc.id}`);
    const png = await upload(user, filing.id, { file: fixtureFile("license.png", "lease.pdf", "application/pdf") });
    expect(png.status).toBe(201);
    expect(await png.json()).toMatchObject({ contentType: "image/png", fileName: "lease.pdf" });
    const view = (await (await read(user, filing.id)).json()) as FilingJson;
    expect(view.documents).toHaveLength(1);
    expect(view.missing.some((m) => "documentType" in m)).toBe(false);
  });

  it("answers 404 for someone else's filing, 403 to staff, 401 signed out, 409 once submitted", async () => {
    const { filing } = await newDraft();
    await expectError(await upload(await createUser(), filing.id), 404, "Filing not found");
    await expectError(await upload(await createUser({ role: "clerk" }), filing.id), 403);
    await expectError(await upload(null, filing.id), 401);
    const submitted = await submittedApplication();
    await expectError(await upload(submitted.user, submitted.filing.id), 409, "This filing was submitted and can no longer be changed");
  });
});

describe("POST /api/filings/{id}/submit", () => {
  it("lists what is missing", async () => {
    const { user, filing } = await newDraft();
    const error = await expectError(await submit(user, filing.id), 400, "Some answers or documents are still missing");
    expect(error.missing).toContainEqual({ field: "businessName", message: "Business name is required" });
    expect(error.missing).toContainEqual({ documentType: "proof-of-location", message: "Lease or proof of the location is required" });
  });

  it("submitted twice (and twice at once), makes one submission and answers the same 200", async () => {
    const { user, filing } = await readyApplication();
    const [a, b] = await Promise.all([submit(user, filing.id), submit(user, filing.id)]);
    const c = await submit(user, filing.id);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    const bodies = await Promise.all([a.json(), b.json(), c.json()]);
    expect(bodies[0]).toMatchObject({ id: filing.id, status: "submitted" });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    const events = getDb().select().from(filingEvents).where(eq(filingEvents.filingId, filing.id)).all();
    expect(events.filter((e) => e.action === "submitted")).toHaveLength(1);
  });

  it("refuses a transfer whose fee is not paid (409), and answers 404 to anyone but the applicant", async () => {
    const owner = await createUser();
    const buyer = await createUser();
    const business = createBusiness({ ownerId: owner.id, isClaimed: true, employeeCount: 2, vehicleCount: 1 });
    createReceipt(business.id, { userId: owner.id });
    const created = await create(owner, { kind: "transfer", businessId: business.id });
    expect(created.status).toBe(201);
    const transfer = (await created.json()) as FilingJson;
    expect(transfer.feeCents).toBeGreaterThanOrEqual(300);
    expect(transfer.feeCents).toBeLessThanOrEqual(2500);
    await expectError(await patch(owner, transfer.id, { buyer: owner.username }), 400, "Some answers are not valid");
    expect((await patch(owner, transfer.id, { buyer: buyer.email })).status).toBe(200);
    expect((await upload(owner, transfer.id, { documentType: "bill-of-sale" })).status).toBe(201);
    await expectError(await submit(owner, transfer.id), 409, "Pay the transfer fee before submitting");
    await expectError(await submit(buyer, transfer.id), 404);
    await expectError(await submit(null, transfer.id), 401);
  });

  it("withdraws a filing not yet decided, once, and refuses a decided one", async () => {
    const { user, filing } = await submittedApplication();
    const first = await withdraw(user, filing.id);
    expect(first.status).toBe(200);
    expect(((await first.json()) as FilingJson).status).toBe("withdrawn");
    expect((await withdraw(user, filing.id)).status).toBe(200);
    await expectError(await submit(user, filing.id), 409);
    await expectError(await withdraw(await createUser(), filing.id), 404);
    const decided = await submittedApplication();
    await decide(await createUser({ role: "clerk" }), decided.filing.id, { decision: "deny", message: "Outside the town" });
    await expectError(await withdraw(decided.user, decided.filing.id), 409, "Only a filing that is not yet decided can be withdrawn");
  });
});

describe("staff: the queue and decisions", () => {
  it("answers 401 signed out and 403 to a user who is not staff, deciding nothing", async () => {
    const { user, filing } = await submittedApplication();
    await expectError(await decide(null, filing.id, { decision: "approve" }), 401, "Authentication required");
    await expectError(await decide(user, filing.id, { decision: "approve" }), 403, "Staff access required");
    await expectError(await decide(await createUser(), filing.id, { decision: "approve" }), 403, "Staff access required");
    await expectError(await queue(null), 401);
    await expectError(await queue(user), 403);
    expect(((await (await read(user, filing.id)).json()) as FilingJson).status).toBe("submitted");
  });

  it("refuses a bad body, a missing message, an unknown filing, and a second decision", async () => {
    const clerk = await createUser({ role: "clerk" });
    const { filing } = await submittedApplication();
    for (const body of [{}, { decision: "maybe" }, { decision: 1 }, { decision: "approve", message: 42 }, { decision: "deny", message: "x".repeat(2001) }]) {
      const error = await expectError(await decide(clerk, filing.id, body), 400);
      expect(Object.keys(error.fieldErrors ?? {}).length).toBeGreaterThan(0);
    }
    const bad = await raw("POST", `/api/admin/filings/${filing.id}/decision`, clerk, "{decision: approve}");
    await expectError(await run(decisionRoute.action, bad, { id: String(filing.id) }), 400, "Request body must be a JSON object");
    for (const decision of ["request-changes", "deny"]) {
      for (const message of [undefined, null, "", "   "]) {
        const error = await expectError(await decide(clerk, filing.id, { decision, message }), 400, "Write a message for the applicant");
        expect(error.fieldErrors).toEqual({ message: ["Write a message for the applicant"] });
      }
    }
    await expectError(await decide(clerk, 999_999_999, { decision: "approve" }), 404, "Filing not found");
    await expectError(await decide(clerk, "abc", { decision: "approve" }), 404);
    const first = await decide(clerk, filing.id, { decision: "deny", message: 'No "storefront" here — sorry' });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: "denied", decisionMessage: 'No "storefront" here — sorry' });
    await expectError(await decide(clerk, filing.id, { decision: "approve" }), 409, "Only a submitted filing can be decided");
    await expectError(await decide(clerk, (await newDraft()).filing.id, { decision: "approve" }), 409);
  });

  it("reads the queue's parameters strictly, and never lists drafts", async () => {
    const clerk = await createUser({ role: "clerk" });
    for (const query of ["?status=bogus", "?status=draft", "?kind=renewal", "?page=0", "?limit=500", "?age=abc", "?age=0"]) {
      await expectError(await queue(clerk, query), 400);
    }
    const error = await expectError(await queue(clerk, "?status=bogus"), 400, "status must be one of submitted, changes-requested, approved, denied, withdrawn");
    expect(error.fieldErrors).toHaveProperty("status");
    const { filing } = await submittedApplication();
    const { filing: draft } = await newDraft();
    const res = await queue(clerk, "?status=submitted&kind=new-business&status=&limit=100");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { filings: { id: number; status: string; name: string }[]; pagination: { page: number; limit: number } };
    expect(body.pagination).toMatchObject({ page: 1, limit: 100 });
    expect(body.filings.map((f) => f.id)).toContain(filing.id);
    expect(body.filings.map((f) => f.id)).not.toContain(draft.id);
    expect(body.filings.find((f) => f.id === filing.id)).toMatchObject({ status: "submitted", name: GOOD_ANSWERS.businessName });
    const none = (await (await queue(clerk, "?kind=transfer&q=Se%C3%B1ora")).json()) as { filings: unknown[] };
    expect(none.filings).toEqual([]);
  });
});

describe("GET /api/filing-categories", () => {
  it("lists the town's activities, to anyone", async () => {
    const res = await run(categoriesRoute.loader, await makeRequest("/api/filing-categories"));
    expect(res.status).toBe(200);
    const categories = (await res.json()) as { code: string; name: string; needsStateLicense: boolean }[];
    expect(categories).toContainEqual({ code: "restaurant", name: "Restaurant or food service", needsStateLicense: false });
    expect(categories).toContainEqual(expect.objectContaining({ code: "contractor", needsStateLicense: true }));
  });
});

describe("one whole journey through the JSON door", () => {
  it("create → answer → upload → submit → a clerk approves → the applicant's business, with its businessId", async () => {
    const user = await createUser();
    const clerk = await createUser({ role: "clerk" });

    const created = await create(user, { kind: "new-business" });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as FilingJson;

    const answered = await patch(user, id, { ...GOOD_ANSWERS, employeeCount: 2, vehicleCount: 0 });
    expect(answered.status).toBe(200);
    const afterAnswers = (await answered.json()) as FilingJson;
    expect(afterAnswers.missing).toEqual([{ documentType: "proof-of-location", message: "Lease or proof of the location is required" }]);

    const uploaded = await upload(user, id, { documentType: "proof-of-location", file: pdfFile("lease.pdf") });
    expect(uploaded.status).toBe(201);

    const submitted = await submit(user, id);
    expect(submitted.status).toBe(200);
    expect(await submitted.json()).toMatchObject({ id, status: "submitted" });

    const list = (await (await run(filingsRoute.loader, await makeRequest("/api/filings", { user }))).json()) as { id: number; status: string; businessName: string }[];
    expect(list[0]).toMatchObject({ id, status: "submitted", businessName: GOOD_ANSWERS.businessName });

    const decided = await decide(clerk, id, { decision: "approve" });
    expect(decided.status).toBe(200);
    const approved = (await decided.json()) as FilingJson;
    expect(approved.status).toBe("approved");
    expect(approved.businessId).toEqual(expect.any(Number));

    const seen = (await (await read(user, id)).json()) as FilingJson & { business: { id: number; name: string; documentNumber: string } };
    expect(seen).toMatchObject({ status: "approved", businessId: approved.businessId, missing: [] });
    expect(seen.business).toMatchObject({ id: approved.businessId, name: GOOD_ANSWERS.businessName });
    expect(seen.business.documentNumber).toMatch(/^BTR-\d{4}-\d{6}$/);
    expect(seen.history.map((h) => h.action)).toEqual(["created", "submitted", "approved"]);
    expect(seen.answers.businessName).toBe(GOOD_ANSWERS.businessName);

    const business = getDb().select().from(businesses).where(eq(businesses.id, approved.businessId!)).get()!;
    expect(business).toMatchObject({ ownerId: user.id, isClaimed: true, origin: "town", employeeCount: 2, vehicleCount: 0 });
  });
});
