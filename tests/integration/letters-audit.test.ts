import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, businesses, letters, payments, type User } from "~/db/schema";
import { parseCsv } from "~/lib/csv";
import { claimUrl } from "~/lib/letters";
import * as auditModel from "~/models/audit.server";
import { claimBusiness } from "~/models/claim.server";
import { listUserBusinesses } from "~/models/dashboard.server";
import { batchLetters, trackingStats, unansweredLetters } from "~/models/letters.server";
import { codeHash } from "~/models/verification-code.server";
import { qrMatrix } from "~/services/letter-pdf.server";
import { action as businessAction, loader as businessPage } from "~/routes/admin_.businesses.$id";
import { action as batchPageAction } from "~/routes/admin_.letters.$id";
import { action as lettersPageAction, loader as lettersPage } from "~/routes/admin_.letters._index";
import { action as roleAction } from "~/routes/admin_.users.$id.role";
import { loader as apiAudit } from "~/routes/api.admin.audit";
import { action as apiCreateBatch } from "~/routes/api.admin.letter-batches";
import { loader as apiLettersCsv } from "~/routes/api.admin.letter-batches.$id.letters[.]csv";
import { loader as apiLettersPdf } from "~/routes/api.admin.letter-batches.$id.letters[.]pdf";
import { contentStreams, drawnQr, pdfPages } from "../support/letter-pdf";
import { callRoute, createBusiness, createReceipt, createUser, getBusiness, makeRequest, unique } from "../support/factories";

let admin: User;
let clerk: User;
let user: User;
let owner: User;

beforeAll(async () => {
  admin = await createUser({ isAdmin: true, role: "admin", username: unique("admin_") });
  clerk = await createUser({ role: "clerk", username: unique("clerk_") });
  user = await createUser();
  owner = await createUser();
});

const auditFor = (action: string, entityId: number) =>
  getDb().select().from(auditLog).where(eq(auditLog.action, action)).all().filter((r) => r.entityId === entityId);

async function createBatch(who: User | null, filters: Record<string, unknown>) {
  return callRoute(apiCreateBatch, await makeRequest("/api/admin/letter-batches", { user: who, json: filters }));
}


describe("roles", () => {
  it("the letter API: anonymous 401, a user 403, a clerk may create a batch (201 {id, count})", async () => {
    const marker = unique("Rolecheck");
    createBusiness({ name: `${marker} One LLC` });
    expect((await createBatch(null, { q: marker })).status).toBe(401);
    const forbidden = await createBatch(user, { q: marker });
    expect(forbidden.status).toBe(403);
    const created = await createBatch(clerk, { q: marker });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ id: expect.any(Number), count: 1 });
    expect((await createBatch(clerk, { q: marker })).status).toBe(409); // already lettered: "never" filter
    expect((await createBatch(clerk, { q: marker, mailed: "bogus" })).status).toBe(400);
  });

  it("GET /api/admin/audit: anonymous 401, a user 403, staff 200 newest first", async () => {
    expect((await callRoute(apiAudit, await makeRequest("/api/admin/audit"))).status).toBe(401);
    expect((await callRoute(apiAudit, await makeRequest("/api/admin/audit", { user }))).status).toBe(403);
    const ok = await callRoute(apiAudit, await makeRequest("/api/admin/audit", { user: clerk }));
    expect(ok.status).toBe(200);
    const body = await ok.json();
    const ids = body.entries.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await callRoute(apiAudit, await makeRequest("/api/admin/audit?from=yesterday", { user: clerk }))).status).toBe(400);
  });

  it("a clerk gets 403 on the admin actions (role change, release, licence review); a user is sent away", async () => {
    const b = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, driversLicenseUrl: "licenses/x.png" });
    for (const form of [{ intent: "release" }, { intent: "review", status: "verified" }] as Record<string, string>[]) {
      const r = await callRoute(businessAction, await makeRequest(`/admin/businesses/${b.id}`, { user: clerk, form }), { id: String(b.id) });
      expect(r.status).toBe(403);
    }
    const role = await callRoute(roleAction, await makeRequest(`/admin/users/${user.id}/role`, { user: clerk, form: { role: "admin" } }), { id: String(user.id) });
    expect(role.status).toBe(403);
    const anon = await callRoute(roleAction, await makeRequest(`/admin/users/${user.id}/role`, { form: { role: "admin" } }), { id: String(user.id) });
    expect(anon.status).toBe(302);
    expect(getBusiness(b.id)!.isClaimed).toBe(true);
    // The clerk may view the business page.
    expect((await callRoute(businessPage, await makeRequest(`/admin/businesses/${b.id}`, { user: clerk }), { id: String(b.id) })).status).toBe(200);
    expect((await callRoute(lettersPage, await makeRequest(`/admin/letters`, { user: clerk }))).status).toBe(200);
    expect((await callRoute(lettersPage, await makeRequest(`/admin/letters`, { user }))).status).toBe(302);
  });

  it("an admin changes a role; the audit row has before and after", async () => {
    const target = await createUser();
    const r = await callRoute(roleAction, await makeRequest(`/admin/users/${target.id}/role`, { user: admin, form: { role: "clerk" } }), { id: String(target.id) });
    expect(r.status).toBe(302);
    const [row] = auditFor("user.role", target.id);
    expect(row.actorId).toBe(admin.id);
    expect(JSON.parse(row.before!)).toEqual({ role: "user" });
    expect(JSON.parse(row.after!)).toEqual({ role: "clerk" });
  });
});

describe("letter batches", () => {
  it("gives fresh unique codes, invalidates the old code, and the PDF carries the code, the name and a QR of the claim URL", async () => {
    const marker = unique("Lettered");
    const made = Array.from({ length: 3 }, (_, i) => createBusiness({ name: `${marker} Shop ${i} LLC`, verificationCode: "7654321" }));
    const outside = createBusiness({ name: `${marker} Elsewhere LLC`, city: "Miami" });
    const created = await callRoute(lettersPageAction, await makeRequest("/admin/letters", { user: admin, form: { filters: "1", unclaimed: "on", mailed: "never", q: marker } }));
    expect(created.status).toBe(302);
    const batchId = Number(created.headers.get("Location")!.split("/").pop());
    const rows = [...batchLetters(batchId)];
    expect(rows.map((r) => r.businessId).sort()).toEqual(made.map((b) => b.id).sort());
    expect(rows.map((r) => r.businessId)).not.toContain(outside.id);
    const codes = made.map((b) => getBusiness(b.id)!.verificationCode!);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code).toMatch(/^\d{7}$/);
    expect(codes).not.toContain("7654321");
    // Letters keep a hash, not the code.
    const stored = getDb().select().from(letters).where(eq(letters.batchId, batchId)).all();
    for (const l of stored) expect(l.codeHash).toBe(codeHash(l.businessId, getBusiness(l.businessId)!.verificationCode!));

    // The old code no longer claims; the new one does.
    expect(claimBusiness({ businessId: made[0].id, userId: owner.id, verificationCode: "7654321", employeeCount: 0, vehicleCount: 0 })).toMatchObject({ ok: false, reason: "wrong_code" });

    // PDF: text read back.
    const pdf = await callRoute(apiLettersPdf, await makeRequest(`/api/admin/letter-batches/${batchId}/letters.pdf`, { user: clerk }), { id: String(batchId) });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    const pages = await pdfPages(new Uint8Array(bytes));
    expect(pages).toHaveLength(3);
    for (const r of rows) {
      const pageText = pages.find((p) => p.includes(r.name))!;
      expect(pageText).toBeDefined();
      expect(pageText).toContain(getBusiness(r.businessId)!.verificationCode!);
      expect(pageText).toContain(claimUrl("http://localhost:3000", r.businessId));
      expect(pageText).toContain("September 30");
      expect(pageText).toContain("$100.00 + $5.00 per employee + $10.00 per vehicle");
    }
    // QR: the drawn modules are exactly those of the claim URL (which carries no code).
    const streams = contentStreams(bytes);
    rows.forEach((r, i) => {
      const url = claimUrl("http://localhost:3000", r.businessId);
      expect(url).not.toContain(getBusiness(r.businessId)!.verificationCode!);
      expect(drawnQr(streams[i])).toEqual(qrMatrix(url));
    });

    // CSV for the mail house.
    const csv = await callRoute(apiLettersCsv, await makeRequest(`/api/admin/letter-batches/${batchId}/letters.csv`, { user: clerk }), { id: String(batchId) });
    const table = parseCsv(await csv.text());
    expect(table[0]).toContain("claim_code");
    expect(table).toHaveLength(4);
    const codeCol = table[0].indexOf("claim_code");
    expect(table.slice(1).map((r) => r[codeCol]).sort()).toEqual([...codes].sort());

    // The claim with the new code works and is audited.
    const claimed = claimBusiness({ businessId: made[0].id, userId: owner.id, verificationCode: codes[0], employeeCount: 2, vehicleCount: 1 });
    expect(claimed.ok).toBe(true);
    const [claimRow] = auditFor("claim.create", made[0].id);
    expect(JSON.parse(claimRow.before!)).toMatchObject({ isClaimed: false, ownerId: null });
    expect(JSON.parse(claimRow.after!)).toMatchObject({ isClaimed: true, ownerId: owner.id, employeeCount: 2, vehicleCount: 1 });

    // The batch audit row.
    const [batchRow] = auditFor("letter_batch.create", batchId);
    expect(batchRow.actorId).toBe(admin.id);
    expect(JSON.parse(batchRow.after!)).toMatchObject({ count: 3, businessIds: expect.arrayContaining(made.map((b) => b.id)) });
    expect(batchRow.after).not.toContain(codes[0]);

    // Reissue: new code, old code dead, audited with hashes only.
    const before = getBusiness(made[1].id)!.verificationCode!;
    const letterId = rows.find((r) => r.businessId === made[1].id)!.letterId;
    const reissued = await callRoute(batchPageAction, await makeRequest(`/admin/letters/${batchId}`, { user: clerk, form: { intent: "reissue", letterId: String(letterId) } }), { id: String(batchId) });
    expect(reissued.status).toBe(302);
    const after = getBusiness(made[1].id)!.verificationCode!;
    expect(after).not.toBe(before);
    expect(claimBusiness({ businessId: made[1].id, userId: user.id, verificationCode: before, employeeCount: 0, vehicleCount: 0 })).toMatchObject({ reason: "wrong_code" });
    const [reissueRow] = auditFor("letter.reissue", letterId);
    expect(JSON.parse(reissueRow.before!).codeHash).toBe(codeHash(made[1].id, before));
    expect(JSON.parse(reissueRow.after!).codeHash).toBe(codeHash(made[1].id, after));
    expect(reissueRow.after).not.toContain(after);

    // Mark mailed, then tracking and the unanswered lists.
    const mailed = await callRoute(batchPageAction, await makeRequest(`/admin/letters/${batchId}`, { user: clerk, form: { intent: "mailed", mailedOn: "2026-08-01" } }), { id: String(batchId) });
    expect(mailed.status).toBe(302);
    const stats = trackingStats(batchId);
    expect(stats).toMatchObject({ letters: 3, mailed: 3, claimed: 1, paid: 0 });
    const unanswered = unansweredLetters(30, new Date(Date.UTC(2026, 8, 15)), batchId);
    expect(unanswered.map((u) => u.businessId).sort()).toEqual([made[1].id, made[2].id].sort());
    expect(unansweredLetters(60, new Date(Date.UTC(2026, 8, 15)), batchId)).toHaveLength(0);
  });

  it("codes stay unique among live codes when many are made at once", async () => {
    const marker = unique("Many");
    for (let i = 0; i < 200; i++) createBusiness({ name: `${marker} ${i} LLC` });
    const created = await createBatch(admin, { q: marker });
    expect(created.status).toBe(201);
    const live = getDb().select({ code: businesses.verificationCode }).from(businesses).where(eq(businesses.isClaimed, false)).all().map((r) => r.code).filter((c) => c !== "7654321");
    expect(new Set(live).size).toBe(live.length);
  });
});

describe("claim operations", () => {
  it("release: unclaimed again, new code, owner loses access, payments kept, audited", async () => {
    const b = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, claimedAt: new Date(), driversLicenseUrl: "licenses/a.png", verificationCode: "1234567" });
    createReceipt(b.id, { userId: owner.id, amount: 11500 });
    const r = await callRoute(businessAction, await makeRequest(`/admin/businesses/${b.id}`, { user: admin, form: { intent: "release" } }), { id: String(b.id) });
    expect(r.status).toBe(302);
    const after = getBusiness(b.id)!;
    expect(after).toMatchObject({ isClaimed: false, canBeClaimed: true, ownerId: null });
    expect(after.verificationCode).not.toBe("1234567");
    expect(getDb().select().from(payments).where(eq(payments.businessId, b.id)).all()).toHaveLength(1);
    expect(listUserBusinesses(owner.id).find((x) => x.id === b.id)?.ownedByYou).toBe(false);
    const [row] = auditFor("claim.release", b.id);
    expect(JSON.parse(row.before!)).toMatchObject({ isClaimed: true, ownerId: owner.id, driversLicense: "licenses/a.png" });
    expect(JSON.parse(row.after!)).toMatchObject({ isClaimed: false, ownerId: null, codeReplaced: true });
    expect(claimBusiness({ businessId: b.id, userId: user.id, verificationCode: "1234567", employeeCount: 0, vehicleCount: 0 })).toMatchObject({ reason: "wrong_code" });
  });

  it("licence review: rejected with a reason the owner sees; audited", async () => {
    const b = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, claimedAt: new Date(), driversLicenseUrl: "licenses/b.png" });
    const bad = await callRoute(businessAction, await makeRequest(`/admin/businesses/${b.id}`, { user: admin, form: { intent: "review", status: "rejected" } }), { id: String(b.id) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fieldErrors).toEqual({ reason: ["Give the reason the owner will see"] });
    for (const [form, message] of [
      [{ intent: "review", status: "rejected", reason: "Bad" }, { reason: ["Indique el motivo que verá el propietario (al menos 5 caracteres)"] }],
      [{ intent: "review", status: "maybe" }, { status: ["Elija Verificada o Rechazada"] }],
    ] as const) {
      const spanish = await callRoute(businessAction, await makeRequest(`/admin/businesses/${b.id}?lng=es`, { user: admin, form }), { id: String(b.id) });
      expect(spanish.status).toBe(400);
      expect((await spanish.json()).fieldErrors).toEqual(message);
    }
    const r = await callRoute(businessAction, await makeRequest(`/admin/businesses/${b.id}`, { user: admin, form: { intent: "review", status: "rejected", reason: "The photo is unreadable" } }), { id: String(b.id) });
    expect(r.status).toBe(302);
    const mine = listUserBusinesses(owner.id).find((x) => x.id === b.id)!;
    expect(mine).toMatchObject({ licenseReviewStatus: "rejected", licenseReviewReason: "The photo is unreadable" });
    const [row] = auditFor("license.review", b.id);
    expect(JSON.parse(row.before!)).toEqual({ status: null, reason: null });
    expect(JSON.parse(row.after!)).toEqual({ status: "rejected", reason: "The photo is unreadable" });
  });
});

describe("the audit log is append-only", () => {
  it("the model has no update or delete function, and the database refuses both", () => {
    const names = Object.keys(auditModel);
    expect(names.filter((n) => /update|delete|remove|edit|clear|purge/i.test(n))).toEqual([]);
    auditModel.recordAudit(getDb(), { actor: null, action: "test.append", entityType: "test", entityId: 1, before: { a: 1 }, after: { a: 2 } });
    const sqlite = getDb().$client;
    expect(() => sqlite.prepare("update audit_log set action = 'x'").run()).toThrow(/append-only/);
    expect(() => sqlite.prepare("delete from audit_log").run()).toThrow(/append-only/);
  });

  it("no code under app/ updates or deletes audit rows", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.(ts|tsx)$/.test(entry.name)) {
          const text = fs.readFileSync(file, "utf8");
          if (/\.(update|delete)\(\s*auditLog\b/.test(text) || /(update|delete from)\s+[`"]?audit_log/i.test(text)) offenders.push(file);
        }
      }
    };
    walk(path.resolve(__dirname, "../../app"));
    expect(offenders).toEqual([]);
  });
});
