/**
 * The staff review of filings (issue 40): the queue and its CSV, a filing's page and the
 * decisions taken on it, the town's activities, reopening a closed business, and the demo seed's
 * application. The routes' own loaders and actions, called as Remix calls them.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, openDatabase } from "~/db/client.server";
import { auditLog, businesses, filingCategories, filings, type User } from "~/db/schema";
import { parseCsv } from "~/lib/csv";
import { missingAnswers } from "~/lib/filings/answers";
import type { Answers } from "~/lib/filings/kinds";
import { answerContext } from "~/models/filings/context.server";
import { addDocument, createFiling, getFilingRow, saveAnswers, submitFiling } from "~/models/filings/filings.server";
import * as businessPage from "~/routes/admin_.businesses.$id";
import * as filingPage from "~/routes/admin_.filings.$id";
import * as queuePage from "~/routes/admin_.filings._index";
import * as categoriesPage from "~/routes/admin_.filings.categories";
import { loader as queueCsv } from "~/routes/api.admin.filings[.]csv";
import { StoredUpload, storedFilePath } from "~/services/uploads.server";
import { DEMO_FILING_DOCUMENT_KEY, demoLeasePdf, seedDemoData } from "../../scripts/lib/seed";
import { flashedToast } from "../support/accounts";
import { callRoute as callAnyRoute, createBusiness, createUser, makeRequest, unique } from "../support/factories";
import { GOOD_ANSWERS } from "../support/filings";
import spanishFilings from "~/locales/es/filings.json";

const callRoute = (fn: unknown, request: Request, params: Record<string, string> = {}) =>
  callAnyRoute(fn as Parameters<typeof callAnyRoute>[0], request, params);

/** A PDF already stored under UPLOADS_DIR, as the upload handler leaves it (15 bytes: the page shows its size). */
function storedPdf(name = "lease.pdf") {
  const key = `${crypto.randomBytes(16).toString("hex")}.pdf`;
  const file = storedFilePath(key)!;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const bytes = Buffer.from("%PDF-1.4\n%test\n");
  fs.writeFileSync(file, bytes);
  return new StoredUpload(name, "application/pdf", bytes.length, key);
}

const answersFor = (businessName: string): Answers => ({ ...GOOD_ANSWERS, businessName, category: "home-occupation", employeeCount: "1" });

/** A new receipt application, submitted by a new applicant, with its business name marked for the queue's search. */
async function submitted(businessName = `Review ${unique("")} Café`) {
  const applicant = await createUser();
  const filing = createFiling(applicant, "new-business");
  expect(saveAnswers(applicant, filing, answersFor(businessName)).errors).toEqual({});
  await addDocument(getFilingRow(filing.id)!, "proof-of-location", storedPdf());
  submitFiling(applicant, getFilingRow(filing.id)!);
  return { applicant, filing: getFilingRow(filing.id)!, businessName };
}

let admin: User;
let clerk: User;
let plain: User;

beforeAll(async () => {
  admin = await createUser({ isAdmin: true });
  clerk = await createUser({ role: "clerk" });
  plain = await createUser();
});

const get = async (loader: unknown, url: string, user: { id: number } | null, params: Record<string, string> = {}) =>
  callRoute(loader, await makeRequest(url, { user }), params);
const post = async (action: unknown, url: string, user: { id: number } | null, form: Record<string, string>, params: Record<string, string> = {}) =>
  callRoute(action, await makeRequest(url, { user, form }), params);
const decide = (user: { id: number } | null, id: number, form: Record<string, string>) =>
  post(filingPage.action, `/admin/filings/${id}`, user, form, { id: String(id) });

type QueueData = { filings: { id: number; name: string | null; status: string; daysWaiting: number | null }[]; form: Record<string, string>; csvQuery: string; isAdmin: boolean };
const queue = async (query: string, user: { id: number } = clerk) => (await (await get(queuePage.loader, `/admin/filings?${query}`, user)).json()) as QueueData;

describe("who may review", () => {
  it("sends a signed-out visitor and a plain user to / from the queue, a filing and its decisions", async () => {
    const { filing } = await submitted();
    for (const who of [null, plain]) {
      for (const response of [
        await get(queuePage.loader, "/admin/filings", who),
        await get(filingPage.loader, `/admin/filings/${filing.id}`, who, { id: String(filing.id) }),
        await decide(who, filing.id, { intent: "approve" }),
        await get(categoriesPage.loader, "/admin/filings/categories", who),
      ]) {
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("/");
      }
    }
    expect(getFilingRow(filing.id)!.status).toBe("submitted");
  });

  it("answers the CSV with 401 signed out and 403 for a plain user", async () => {
    const anonymous = await get(queueCsv, "/api/admin/filings.csv", null);
    expect(anonymous.status).toBe(401);
    const refused = await get(queueCsv, "/api/admin/filings.csv", plain);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { message: "Staff access required" } });
  });

  it("refuses the activities to a clerk (403), reading and writing", async () => {
    expect((await get(categoriesPage.loader, "/admin/filings/categories", clerk)).status).toBe(403);
    const write = await post(categoriesPage.action, "/admin/filings/categories", clerk, { intent: "add", code: "clerk-made", name: "Clerk made" });
    expect(write.status).toBe(403);
    expect(getDb().select().from(filingCategories).where(eq(filingCategories.code, "clerk-made")).get()).toBeUndefined();
  });

  it("answers 404 for a filing that does not exist or an id that is not one", async () => {
    for (const id of ["999999", "abc", "0"]) {
      expect((await get(filingPage.loader, `/admin/filings/${id}`, admin, { id })).status).toBe(404);
    }
    expect((await decide(admin, 999999, { intent: "approve" })).status).toBe(404);
  });
});

describe("the queue", () => {
  it("shows the submitted filings by default, oldest first, and any status on request", async () => {
    const marker = unique("Queue");
    const older = await submitted(`${marker} Older`);
    const newer = await submitted(`${marker} Newer`);
    const decided = await submitted(`${marker} Decided`);
    getDb().update(filings).set({ submittedAt: new Date(Date.now() - 9 * 86_400_000) }).where(eq(filings.id, older.filing.id)).run();
    await decide(clerk, decided.filing.id, { intent: "deny", message: "Not in town" });

    const byDefault = await queue(`q=${marker}`);
    expect(byDefault.form.status).toBe("submitted");
    expect(byDefault.filings.map((f) => f.id)).toEqual([older.filing.id, newer.filing.id]);
    expect(byDefault.filings[0]).toMatchObject({ name: `${marker} Older`, status: "submitted", daysWaiting: 9 });
    expect(byDefault.isAdmin).toBe(false);

    const any = await queue(`status=&q=${marker}`);
    expect(any.form.status).toBe("");
    expect(any.filings.map((f) => f.id)).toEqual([older.filing.id, newer.filing.id, decided.filing.id]);
    expect((await queue(`status=denied&q=${marker}`)).filings.map((f) => f.id)).toEqual([decided.filing.id]);
    expect((await queue(`status=&age=7&q=${marker}`)).filings.map((f) => f.id)).toEqual([older.filing.id]);
    expect((await queue(`status=&kind=transfer&q=${marker}`)).filings).toEqual([]);
    // An unknown value is no filter (as the other admin lists read their URLs).
    expect((await queue(`status=nonsense&kind=nonsense&age=-3&q=${marker}`)).filings).toHaveLength(3);
    expect((await queue(`q=${marker}`, admin)).isAdmin).toBe(true);
  });

  it("searches names literally: % and _ are letters, unicode as typed", async () => {
    const marker = unique("Lit");
    const percent = await submitted(`${marker} 100% Ñandú_Co`);
    await submitted(`${marker} 100 Nandu Co`);
    expect((await queue(`q=${encodeURIComponent(`${marker} 100%`)}`)).filings.map((f) => f.id)).toEqual([percent.filing.id]);
    expect((await queue(`q=${encodeURIComponent("Ñandú_")}`)).filings.map((f) => f.id)).toEqual([percent.filing.id]);
  });

  it("downloads the same filtered list as CSV", async () => {
    const marker = unique("Csv");
    const first = await submitted(`=${marker} "One", LLC`);
    const second = await submitted(`${marker} Two`);
    await decide(admin, second.filing.id, { intent: "request-changes", message: "Please add the unit" });

    const page = await queue(`status=&q=${marker}`);
    expect(page.csvQuery).toBe(`status=&q=${marker}`);
    const response = await get(queueCsv, `/api/admin/filings.csv?${page.csvQuery}`, clerk);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="filings.csv"');
    const rows = parseCsv(await response.text());
    expect(rows[0]).toEqual(["Filing", "Kind", "Status", "Business", "Applicant", "Submitted", "Days waiting"]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[4]])).toEqual([
      [String(first.filing.id), "New receipt application", "Submitted", `'=${marker} "One", LLC`, first.applicant.username],
      [String(second.filing.id), "New receipt application", "Changes requested", `${marker} Two`, second.applicant.username],
    ]);
    // The page's default (submitted) travels in its link; the CSV without a status, like the JSON list, has every status.
    expect((await queue(`q=${marker}`)).csvQuery).toBe(`status=submitted&q=${marker}`);
    const submittedOnly = parseCsv(await (await get(queueCsv, `/api/admin/filings.csv?status=submitted&q=${marker}`, clerk)).text());
    expect(submittedOnly.slice(1).map((r) => r[0])).toEqual([String(first.filing.id)]);
    const everyStatus = parseCsv(await (await get(queueCsv, `/api/admin/filings.csv?q=${marker}`, clerk)).text());
    expect(everyStatus.slice(1).map((r) => r[0])).toEqual([String(first.filing.id), String(second.filing.id)]);
  });
});

describe("a filing's page", () => {
  it("shows every answer, document, what is missing, the applicant and the history", async () => {
    const { filing, applicant, businessName } = await submitted();
    const response = await get(filingPage.loader, `/admin/filings/${filing.id}`, clerk, { id: String(filing.id) });
    expect(response.status).toBe(200);
    const { filing: view, categories } = await response.json();
    expect(view).toMatchObject({ id: filing.id, kind: "new-business", status: "submitted", applicant: { username: applicant.username }, missing: [] });
    expect(view.answers).toMatchObject({ businessName, category: "home-occupation", homeBased: "yes" });
    expect(view.documents).toEqual([expect.objectContaining({ label: "Lease or proof of the location", fileName: "lease.pdf", size: 15, contentType: "application/pdf" })]);
    expect(view.history.map((h: { action: string }) => h.action)).toEqual(["created", "submitted"]);
    expect(view.submitted).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}/);
    expect(categories).toContainEqual({ code: "home-occupation", name: "Home occupation" });
  });
});

describe("decisions", () => {
  it("a clerk requests changes with a message: redirect with its toast, the applicant's filing editable again", async () => {
    const { filing } = await submitted();
    const response = await decide(clerk, filing.id, { intent: "request-changes", message: "  Please give the unit number  " });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/admin/filings/${filing.id}`);
    expect(await flashedToast(response)).toMatchObject({ title: "Changes requested" });
    expect(getFilingRow(filing.id)).toMatchObject({ status: "changes-requested", decisionMessage: "Please give the unit number" });
    const audit = getDb().select().from(auditLog).where(and(eq(auditLog.entityType, "filing"), eq(auditLog.entityId, filing.id))).all();
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([["filing.request-changes", clerk.id]]);
  });

  it("a clerk and an administrator can each approve: the business is the applicant's", async () => {
    for (const staff of [clerk, admin]) {
      const { filing, applicant, businessName } = await submitted();
      const response = await decide(staff, filing.id, { intent: "approve", message: "" });
      expect(response.status).toBe(302);
      expect(await flashedToast(response)).toMatchObject({ title: "Filing approved" });
      const approved = getFilingRow(filing.id)!;
      expect(approved.status).toBe("approved");
      const business = getDb().select().from(businesses).where(eq(businesses.id, approved.businessId!)).get()!;
      expect(business).toMatchObject({ name: businessName, ownerId: applicant.id, isClaimed: true, origin: "town" });
    }
  });

  it("an administrator denies with a reason", async () => {
    const { filing } = await submitted();
    const response = await decide(admin, filing.id, { intent: "deny", message: "The address is a parking lot" });
    expect(await flashedToast(response)).toMatchObject({ title: "Filing denied" });
    expect(getFilingRow(filing.id)).toMatchObject({ status: "denied", decisionMessage: "The address is a parking lot" });
  });

  it("a decision on a filing already decided answers 409 with the reason, and changes nothing", async () => {
    const { filing } = await submitted();
    await decide(admin, filing.id, { intent: "deny", message: "No" });
    const forms: Record<string, string>[] = [{ intent: "approve" }, { intent: "request-changes", message: "Late" }, { intent: "deny", message: "Again" }];
    for (const form of forms) {
      const response = await decide(clerk, filing.id, form);
      expect(response.status).toBe(409);
      const body = await response.json();
      expect(body.error).toBe("Only a submitted filing can be decided");
      expect(body.intent).toBe(form.intent);
      expect(body.result.error[""]).toEqual(["Only a submitted filing can be decided"]);
    }
    expect(getFilingRow(filing.id)).toMatchObject({ status: "denied", decisionMessage: "No" });
  });

  it("says the refusal and what is missing in the page's language (Spanish: ?lng=es)", async () => {
    const { filing } = await submitted();
    await decide(admin, filing.id, { intent: "deny", message: "No" });
    const response = await post(filingPage.action, `/admin/filings/${filing.id}?lng=es`, clerk, { intent: "approve" }, { id: String(filing.id) });
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body.error).toBe("Solo se puede decidir un trámite presentado");
    expect(body.result.error[""]).toEqual(["Solo se puede decidir un trámite presentado"]);

    // A draft missing its location: the list in Spanish, as the applicant's pages say it.
    const applicant = await createUser();
    const draft = createFiling(applicant, "new-business");
    saveAnswers(applicant, draft, { businessName: "Borrador" });
    const page = await (await get(filingPage.loader, `/admin/filings/${draft.id}?lng=es`, clerk, { id: String(draft.id) })).json();
    const missing = page.filing.missing.map((m: { message: string }) => m.message);
    expect(missing).toEqual(expect.arrayContaining([spanishFilings.required.ownership, spanishFilings.required.address1]));
  });

  it("refuses to request changes or deny without a message (400, on the message field), a huge message and an unknown decision", async () => {
    const { filing } = await submitted();
    const forms: Record<string, string>[] = [{ intent: "request-changes" }, { intent: "request-changes", message: "   " }, { intent: "deny", message: "" }];
    for (const form of forms) {
      const response = await decide(clerk, filing.id, form);
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.intent).toBe(form.intent);
      expect(body.result.error).toEqual({ message: ["Write a message for the applicant"] });
    }
    const huge = await decide(clerk, filing.id, { intent: "deny", message: "ñ".repeat(2001) });
    expect(huge.status).toBe(400);
    expect((await huge.json()).result.error).toEqual({ message: ["The message must be at most 2,000 characters"] });
    const unknown = await decide(clerk, filing.id, { intent: "delete" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).intent).toBeNull();
    const none = await decide(clerk, filing.id, {});
    expect(none.status).toBe(400);
    expect(getFilingRow(filing.id)!.status).toBe("submitted");
    // A message with every script and emoji is kept as written.
    const words = "Bitte ändern · 请修改 · يرجى التعديل 🙏\nLine two";
    expect((await decide(clerk, filing.id, { intent: "request-changes", message: words })).status).toBe(302);
    expect(getFilingRow(filing.id)!.decisionMessage).toBe(words);
  });
});

describe("the town's activities", () => {
  const add = (form: Record<string, string>, who: User = admin) => post(categoriesPage.action, "/admin/filings/categories", who, { intent: "add", ...form });
  const edit = (form: Record<string, string>) => post(categoriesPage.action, "/admin/filings/categories", admin, { intent: "edit", ...form });
  const category = (code: string) => getDb().select().from(filingCategories).where(eq(filingCategories.code, code)).all();

  it("lists every activity, inactive ones included", async () => {
    getDb().insert(filingCategories).values({ code: "retired-trade", name: "Retired trade", active: false }).run();
    const { categories } = await (await get(categoriesPage.loader, "/admin/filings/categories", admin)).json();
    expect(categories).toContainEqual({ code: "retired-trade", name: "Retired trade", needsStateLicense: false, active: false });
    expect(categories).toContainEqual({ code: "contractor", name: "Contractor", needsStateLicense: true, active: true });
  });

  it("adds one, with a unicode name, audited", async () => {
    const response = await add({ code: "food-truck", name: "  Food truck — café & crêpes 🚚 ", needsStateLicense: "on", active: "on" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/filings/categories");
    expect(await flashedToast(response)).toMatchObject({ title: "Activity added" });
    expect(category("food-truck")).toEqual([expect.objectContaining({ name: "Food truck — café & crêpes 🚚", needsStateLicense: true, active: true })]);
    const audit = getDb().select().from(auditLog).where(eq(auditLog.action, "filing_category.create")).all();
    expect(audit.map((a) => [a.actorId, JSON.parse(a.after!).code])).toContainEqual([admin.id, "food-truck"]);
  });

  it("refuses empty, huge and non-plain codes and names, saying why", async () => {
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{}, { code: ["Code is required"], name: ["Name is required"] }],
      [{ code: "   ", name: "   " }, { code: ["Code is required"], name: ["Name is required"] }],
      [{ code: "a", name: "A" }, { code: ["Code must be 2 to 40 lowercase letters, digits or dashes, e.g. food-truck"] }],
      [{ code: "x".repeat(41), name: "N".repeat(101) }, { code: ["Code must be 2 to 40 lowercase letters, digits or dashes, e.g. food-truck"], name: ["Name must be at most 100 characters"] }],
      [{ code: "café", name: "Café" }, { code: ["Code must be 2 to 40 lowercase letters, digits or dashes, e.g. food-truck"] }],
      [{ code: "Upper-Case", name: "Upper" }, { code: ["Code must be 2 to 40 lowercase letters, digits or dashes, e.g. food-truck"] }],
      [{ code: "two-lines", name: "Two\nlines" }, { name: ["Name cannot contain line breaks or control characters"] }],
    ];
    for (const [form, errors] of cases) {
      const response = await add(form);
      expect(response.status, JSON.stringify(form)).toBe(400);
      expect((await response.json()).result.error).toEqual(errors);
    }
    expect((await add({ code: "okay-code", name: "N".repeat(100) })).status).toBe(302);
    expect(category("café")).toEqual([]);
    expect(category("two-lines")).toEqual([]);
  });

  it("a code already in the list is not added twice: adding it is refused, editing it changes the one row", async () => {
    const before = category("retail")[0];
    const duplicate = await add({ code: "retail", name: "Shops", active: "on" });
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).result.error).toEqual({ code: ["An activity with this code already exists: change it in the list below"] });
    expect(category("retail")).toEqual([before]);

    const changed = await edit({ code: "retail", name: "Retail store or shop" });
    expect(changed.status).toBe(302);
    expect(await flashedToast(changed)).toMatchObject({ title: "Activity saved", description: "Retail store or shop (not offered to applicants)." });
    expect(category("retail")).toEqual([expect.objectContaining({ code: "retail", name: "Retail store or shop", needsStateLicense: false, active: false })]);
    expect(answerContext().categories.map((c) => c.code)).not.toContain("retail");
    const audit = getDb().select().from(auditLog).where(eq(auditLog.action, "filing_category.update")).all().at(-1)!;
    expect(JSON.parse(audit.before!)).toMatchObject({ code: "retail", name: "Retail store", active: true });

    expect((await edit({ code: "retail", name: "Retail store", active: "on" })).status).toBe(302);
    expect(category("retail")[0]).toMatchObject({ name: "Retail store", active: true });
    const unknown = await edit({ code: "never-was", name: "Never" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).result.error).toEqual({ "": ["This activity no longer exists"] });
    expect(category("never-was")).toEqual([]);
  });
});

describe("reopening a closed business", () => {
  it("shows the closing date and lets a clerk reopen it, once", async () => {
    const business = createBusiness({ isClaimed: true, ownerId: plain.id, canBeClaimed: false, closedOn: "2026-10-15" });
    const params = { id: String(business.id) };
    const page = await (await get(businessPage.loader, `/admin/businesses/${business.id}`, clerk, params)).json();
    expect(page.business.closedOn).toBe("2026-10-15");
    const reopened = await post(businessPage.action, `/admin/businesses/${business.id}`, clerk, { intent: "reopen" }, params);
    expect(reopened.status).toBe(302);
    expect(await flashedToast(reopened)).toMatchObject({ title: "Business reopened" });
    expect(getDb().select().from(businesses).where(eq(businesses.id, business.id)).get()!.closedOn).toBeNull();
    const audit = getDb().select().from(auditLog).where(and(eq(auditLog.action, "business.reopen"), eq(auditLog.entityId, business.id))).all();
    expect(audit.map((a) => a.actorId)).toEqual([clerk.id]);
    const again = await post(businessPage.action, `/admin/businesses/${business.id}`, clerk, { intent: "reopen" }, params);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe("This business is not closed");
    const anonymous = await post(businessPage.action, `/admin/businesses/${business.id}`, null, { intent: "reopen" }, params);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/");
  });
});

describe("the demo seed", () => {
  it("has one submitted application with its answers and a real PDF, ready for the administrator", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "fbr-seed-")), "app.db");
    const db = openDatabase(file);
    try {
      expect(await seedDemoData(db)).toBe(true);
      const rows = db.$client.prepare("select id, kind, status, applicant_id as applicantId from filings").all();
      expect(rows).toEqual([{ id: 1, kind: "new-business", status: "submitted", applicantId: 2 }]);
      const answers = Object.fromEntries(
        (db.$client.prepare("select field, value from filing_answers where filing_id = 1").all() as { field: string; value: string }[]).map((r) => [r.field, r.value]),
      ) as Answers;
      expect(missingAnswers("new-business", answers, answerContext())).toEqual([]);
      const doc = db.$client.prepare("select document_type as type, storage_key as storageKey, size from filing_documents where filing_id = 1").get() as { type: string; storageKey: string; size: number };
      expect(doc).toMatchObject({ type: "proof-of-location", storageKey: DEMO_FILING_DOCUMENT_KEY });
      const bytes = fs.readFileSync(storedFilePath(doc.storageKey)!);
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      expect(bytes.length).toBe(doc.size);
      expect(bytes.equals(demoLeasePdf())).toBe(true);
    } finally {
      db.$client.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
