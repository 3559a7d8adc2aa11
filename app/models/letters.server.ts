/**
 * Letter batches: which town businesses get a claim letter, creating a batch (fresh codes, one
 * transaction, audited), reading its letters for the PDF and the mail house's CSV, marking it
 * mailed, reissuing one letter, and the claim tracking (mailed, claimed, paid, days, and who has
 * not answered after 30/60/90 days). A batch's letters as a PDF or a CSV are made here, from the
 * town's settings; the routes only answer with them.
 */
import { and, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, letterBatches, letters } from "~/db/schema";
import { csvStream, type CsvColumn } from "~/lib/csv";
import { BASE_FEE_CENTS, PER_EMPLOYEE_CENTS, PER_VEHICLE_CENTS } from "~/lib/fee";
import { claimUrl, letterAddress, letterTerms } from "~/lib/letters";
import type { TrackingStats } from "~/lib/types-letters";
import type { PageRequest } from "~/lib/pagination";
import type { LetterBatchFilters } from "~/lib/schemas/letter-batch";
import { recordAudit, type AuditActor } from "~/models/audit.server";
import { getTownContact } from "~/models/town.server";
import { codeHash, freshCode, liveCodes } from "~/models/verification-code.server";
import { letterPdfChunks, type LetterContext } from "~/services/letter-pdf.server";
import { getEnv } from "~/utils/env.server";
import { page, type Page } from "./admin/page.server";

export class LetterError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** The businesses of `town` the filters select (a SQL condition on `businesses`). */
function selection(town: string, f: LetterBatchFilters): SQL {
  // A closed business (an approved closing) gets no letter.
  const parts: SQL[] = [sql`lower(${businesses.city}) = lower(${town})`, sql`${businesses.closedOn} is null`];
  if (f.unclaimed) parts.push(sql`${businesses.isClaimed} = 0 and ${businesses.canBeClaimed} = 1`);
  if (f.status) parts.push(sql`${businesses.status} = ${f.status.toUpperCase()}`);
  if (f.filingType) parts.push(sql`${businesses.filingType} = ${f.filingType}`);
  if (f.q) parts.push(sql`${businesses.name} like ${`%${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`} escape '\\'`);
  if (f.mailed === "never") {
    parts.push(sql`not exists (select 1 from letters l where l.business_id = ${businesses.id})`);
  } else if (f.mailed === "before" && f.mailedBefore) {
    parts.push(sql`not exists (select 1 from letters l join letter_batches lb on lb.id = l.batch_id
      where l.business_id = ${businesses.id} and (lb.mailed_on is null or lb.mailed_on >= ${f.mailedBefore}))`);
  }
  return and(...parts)!;
}

/** How many businesses a batch with these filters would hold (the preview). */
export function countLetterRecipients(town: string, filters: LetterBatchFilters): number {
  return getDb().select({ n: sql<number>`count(*)` }).from(businesses).where(selection(town, filters)).get()?.n ?? 0;
}

/**
 * Creates a batch in one transaction: every selected business gets a fresh code (unique among
 * live codes; its earlier code stops working), a letter row keeps the code's hash, and one
 * audit row records the batch.
 */
export function createLetterBatch(
  actor: NonNullable<AuditActor>,
  town: string,
  filters: LetterBatchFilters,
  fiscalYear: string,
  now = new Date(),
): { id: number; count: number } {
  const db = getDb();
  return db.transaction(
    (tx) => {
      const ids = tx
        .select({ id: businesses.id })
        .from(businesses)
        .where(selection(town, filters))
        .orderBy(businesses.name, businesses.id)
        .all()
        .map((r) => r.id);
      if (ids.length === 0) throw new LetterError(409, "No businesses match these filters");
      const batch = tx
        .insert(letterBatches)
        .values({ createdBy: actor.id, filters: JSON.stringify(filters), letterCount: ids.length, fiscalYear, createdAt: now })
        .returning({ id: letterBatches.id })
        .get();
      const taken = liveCodes(tx);
      // The same connection: these run inside the transaction.
      const setCode = db.$client.prepare("update businesses set verification_code = ? where id = ?");
      const addLetter = db.$client.prepare("insert into letters (batch_id, business_id, code_hash, created_at) values (?, ?, ?, ?)");
      for (const id of ids) {
        const code = freshCode(taken);
        setCode.run(code, id);
        addLetter.run(batch.id, id, codeHash(id, code), now.getTime());
      }
      recordAudit(tx, {
        actor,
        action: "letter_batch.create",
        entityType: "letter_batch",
        entityId: batch.id,
        before: null,
        after: { count: ids.length, fiscalYear, filters, businessIds: ids, codesReplaced: ids.length },
        at: now,
      });
      return { id: batch.id, count: ids.length };
    },
    { behavior: "immediate" },
  );
}

export type LetterBatchRow = typeof letterBatches.$inferSelect;

export function getLetterBatch(id: number): LetterBatchRow | undefined {
  return getDb().select().from(letterBatches).where(eq(letterBatches.id, id)).get();
}

export function listLetterBatches(paging: PageRequest): Page<LetterBatchRow & { stats: TrackingStats }> {
  const db = getDb();
  const total = db.select({ n: sql<number>`count(*)` }).from(letterBatches).get()?.n ?? 0;
  return page(total, paging, (limit, offset) =>
    db
      .select()
      .from(letterBatches)
      .orderBy(desc(letterBatches.id))
      .limit(limit)
      .offset(offset)
      .all()
      .map((b) => ({ ...b, stats: trackingStats(b.id) })),
  );
}

/** Marks a batch mailed on a date (yyyy-MM-dd); audited with the date before and after. */
export function markBatchMailed(actor: NonNullable<AuditActor>, batchId: number, mailedOn: string) {
  const db = getDb();
  db.transaction(
    (tx) => {
      const batch = tx.select().from(letterBatches).where(eq(letterBatches.id, batchId)).get();
      if (!batch) throw new LetterError(404, "Letter batch not found");
      tx.update(letterBatches).set({ mailedOn }).where(eq(letterBatches.id, batchId)).run();
      recordAudit(tx, {
        actor,
        action: "letter_batch.mailed",
        entityType: "letter_batch",
        entityId: batchId,
        before: { mailedOn: batch.mailedOn },
        after: { mailedOn },
      });
    },
    { behavior: "immediate" },
  );
}

/**
 * Reissues one letter (the owner lost it): a fresh code replaces the live one, the letter keeps
 * the new code's hash. The audit row holds the hashes, never a code; the reprinted letter (the
 * batch PDF with `?letter=`) carries the new code.
 */
export function reissueLetter(actor: NonNullable<AuditActor>, letterId: number, now = new Date()) {
  const db = getDb();
  return db.transaction(
    (tx) => {
      const letter = tx.select().from(letters).where(eq(letters.id, letterId)).get();
      if (!letter) throw new LetterError(404, "Letter not found");
      const business = tx.select().from(businesses).where(eq(businesses.id, letter.businessId)).get()!;
      if (business.isClaimed) throw new LetterError(409, "This business is already claimed: release the claim first");
      const code = freshCode(liveCodes(tx));
      const hash = codeHash(business.id, code);
      tx.update(businesses).set({ verificationCode: code }).where(eq(businesses.id, business.id)).run();
      tx.update(letters).set({ codeHash: hash, reissuedAt: now }).where(eq(letters.id, letterId)).run();
      recordAudit(tx, {
        actor,
        action: "letter.reissue",
        entityType: "letter",
        entityId: letterId,
        before: { businessId: business.id, codeHash: letter.codeHash, reissuedAt: letter.reissuedAt?.toISOString() ?? null },
        after: { businessId: business.id, codeHash: hash, reissuedAt: now.toISOString() },
        at: now,
      });
      return { letterId, batchId: letter.batchId, businessId: business.id };
    },
    { behavior: "immediate" },
  );
}

export type LetterRow = {
  letterId: number;
  batchId: number;
  businessId: number;
  name: string;
  documentNumber: string;
  address: ReturnType<typeof letterAddress>;
  /** The live code when this letter's code is still the live one, else null. */
  code: string | null;
  isClaimed: boolean;
  reissuedAt: Date | null;
};

const letterSelect = {
  letterId: letters.id,
  batchId: letters.batchId,
  businessId: letters.businessId,
  codeHash: letters.codeHash,
  reissuedAt: letters.reissuedAt,
  name: businesses.name,
  documentNumber: businesses.documentNumber,
  address1: businesses.address1,
  address2: businesses.address2,
  city: businesses.city,
  state: businesses.state,
  zip: businesses.zip,
  mailAddress1: businesses.mailAddress1,
  mailAddress2: businesses.mailAddress2,
  mailCity: businesses.mailCity,
  mailState: businesses.mailState,
  mailZip: businesses.mailZip,
  verificationCode: businesses.verificationCode,
  isClaimed: businesses.isClaimed,
};

function toLetterRow(r: { [K in keyof typeof letterSelect]: (typeof letterSelect)[K]["_"]["data"] | null } & Record<string, unknown>): LetterRow {
  const live = r.verificationCode && codeHash(r.businessId!, r.verificationCode) === r.codeHash ? r.verificationCode : null;
  return {
    letterId: r.letterId!,
    batchId: r.batchId!,
    businessId: r.businessId!,
    name: r.name!,
    documentNumber: r.documentNumber!,
    address: letterAddress(r),
    code: live,
    isClaimed: Boolean(r.isClaimed),
    reissuedAt: r.reissuedAt ?? null,
  };
}

/** A batch's letters in order, read 500 at a time (flat memory for the PDF and the CSV). */
export function* batchLetters(batchId: number, onlyLetterId?: number): Generator<LetterRow> {
  const db = getDb();
  let afterId = 0;
  for (;;) {
    const conditions = [eq(letters.batchId, batchId), gt(letters.id, afterId)];
    if (onlyLetterId !== undefined) conditions.push(eq(letters.id, onlyLetterId));
    const chunk = db
      .select(letterSelect)
      .from(letters)
      .innerJoin(businesses, eq(businesses.id, letters.businessId))
      .where(and(...conditions))
      .orderBy(letters.id)
      .limit(500)
      .all();
    if (chunk.length === 0) return;
    for (const r of chunk) yield toLetterRow(r);
    afterId = chunk[chunk.length - 1].letterId;
  }
}

export function listBatchLetters(batchId: number, paging: PageRequest): Page<LetterRow> {
  const db = getDb();
  const total = db.select({ n: sql<number>`count(*)` }).from(letters).where(eq(letters.batchId, batchId)).get()?.n ?? 0;
  return page(total, paging, (limit, offset) =>
    db
      .select(letterSelect)
      .from(letters)
      .innerJoin(businesses, eq(businesses.id, letters.businessId))
      .where(eq(letters.batchId, batchId))
      .orderBy(letters.id)
      .limit(limit)
      .offset(offset)
      .all()
      .map(toLetterRow),
  );
}

/** Who a letter goes to, as every letters CSV starts its rows: the business and its mailing address. */
function recipientColumns<R extends { businessId: number; documentNumber: string; name: string; address: ReturnType<typeof letterAddress> }>(): CsvColumn<R>[] {
  return [
    { header: "business_id", value: (r) => r.businessId },
    { header: "document_number", value: (r) => r.documentNumber },
    { header: "name", value: (r) => r.name },
    { header: "address_line1", value: (r) => r.address.line1 },
    { header: "address_line2", value: (r) => r.address.line2 },
    { header: "city", value: (r) => r.address.city },
    { header: "state", value: (r) => r.address.state },
    { header: "zip", value: (r) => r.address.zip },
  ];
}

export function letterCsvColumns(claimUrlOf: (businessId: number) => string, fiscalYear: string): CsvColumn<LetterRow>[] {
  return [
    { header: "letter_id", value: (r) => r.letterId },
    { header: "batch_id", value: (r) => r.batchId },
    ...recipientColumns<LetterRow>(),
    { header: "claim_url", value: (r) => claimUrlOf(r.businessId) },
    { header: "claim_code", value: (r) => r.code ?? "" },
    { header: "code_replaced", value: (r) => (r.code ? "no" : "yes") },
    { header: "fiscal_year", value: () => fiscalYear },
  ];
}

/** What every letter of a fiscal year says besides its business: the town, the due date, the fees. */
export function letterContext(fiscalYear: string, now = new Date()): LetterContext {
  const town = getTownContact();
  const terms = letterTerms(now);
  const sameYear = terms.fiscalYear === fiscalYear;
  return {
    townName: town.name,
    townState: town.state,
    email: town.email,
    phone: town.phone,
    fiscalYear,
    // Due on the September 30 that begins the fiscal year ("2026-2027": September 30, 2026).
    dueOn: `${fiscalYear.slice(0, 4)}-09-30`,
    overdue: sameYear ? terms.overdue : true,
    fees: { baseCents: BASE_FEE_CENTS, perEmployeeCents: PER_EMPLOYEE_CENTS, perVehicleCents: PER_VEHICLE_CENTS },
    date: now.toISOString().slice(0, 10),
  };
}

/** The absolute claim page of a business on this deployment (APP_URL). */
export const claimUrlFor = (businessId: number) => claimUrl(getEnv().APP_URL, businessId);

/** A batch's letters as PDF pages, made as they are read (only one letter with `letterId`). */
export function letterBatchPdf(batch: LetterBatchRow, letterId?: number): Generator<Buffer> {
  const ctx = letterContext(batch.fiscalYear);
  const pages = (function* () {
    for (const l of batchLetters(batch.id, letterId)) {
      yield { ...l, claimUrl: claimUrlFor(l.businessId) };
    }
  })();
  return letterPdfChunks(pages, ctx);
}

/** A batch's letters as the mail house's CSV, streamed; `signal` stops it when the reader goes. */
export function letterBatchCsv(batch: LetterBatchRow, { signal }: { signal?: AbortSignal } = {}): ReadableStream<Uint8Array> {
  return csvStream(letterCsvColumns(claimUrlFor, batch.fiscalYear), batchLetters(batch.id), { signal });
}

export type { TrackingStats };

/**
 * Per batch (or overall without `batchId`): letters, how many were mailed, how many of their
 * businesses were claimed and paid after the letter, and the average days from mailing to the
 * claim and to the first payment after it.
 */
export function trackingStats(batchId?: number): TrackingStats {
  const filter = batchId === undefined ? sql`1 = 1` : sql`l.batch_id = ${batchId}`;
  const row = getDb().get<{
    letters: number;
    mailed: number;
    claimed: number;
    paid: number;
    days_claim: number | null;
    days_pay: number | null;
  }>(sql`
    with x as (
      select l.id, lb.mailed_on, l.created_at as sent_ms, b.is_claimed, b.claimed_at,
        (select min(p.created_at) from payments p where p.business_id = b.id and p.created_at >= l.created_at and p.kind <> 'transfer_fee') as paid_at
      from letters l join letter_batches lb on lb.id = l.batch_id join businesses b on b.id = l.business_id
      where ${filter}
    )
    select count(*) as letters,
      sum(mailed_on is not null) as mailed,
      sum(is_claimed = 1 and claimed_at >= sent_ms) as claimed,
      sum(paid_at is not null) as paid,
      avg(case when mailed_on is not null and is_claimed = 1 and claimed_at >= sent_ms
        then julianday(claimed_at / 1000.0, 'unixepoch') - julianday(mailed_on) end) as days_claim,
      avg(case when mailed_on is not null and paid_at is not null
        then julianday(paid_at / 1000.0, 'unixepoch') - julianday(mailed_on) end) as days_pay
    from x`);
  const round = (n: number | null | undefined) => (n === null || n === undefined ? null : Math.round(n * 10) / 10);
  return {
    letters: row?.letters ?? 0,
    mailed: row?.mailed ?? 0,
    claimed: row?.claimed ?? 0,
    paid: row?.paid ?? 0,
    avgDaysToClaim: round(row?.days_claim),
    avgDaysToPayment: round(row?.days_pay),
  };
}

export type UnansweredRow = {
  businessId: number;
  name: string;
  documentNumber: string;
  address: ReturnType<typeof letterAddress>;
  batchId: number;
  letterId: number;
  mailedOn: string;
  daysSinceMailing: number;
};

/**
 * Businesses that have not answered (not claimed) `days` or more days after their latest mailed
 * letter, oldest mailing first: the list for a second letter.
 */
export function unansweredLetters(days: number, now = new Date(), batchId?: number): UnansweredRow[] {
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const today = now.toISOString().slice(0, 10);
  const rows = getDb().all<{
    business_id: number;
    name: string;
    document_number: string;
    address1: string | null;
    address2: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    mailAddress1: string | null;
    mailAddress2: string | null;
    mailCity: string | null;
    mailState: string | null;
    mailZip: string | null;
    batch_id: number;
    letter_id: number;
    mailed_on: string;
    days: number;
  }>(sql`
    select b.id as business_id, b.name, b.document_number, b.address1, b.address2, b.city, b.state, b.zip,
      b.mail_address1 as "mailAddress1", b.mail_address2 as "mailAddress2", b.mail_city as "mailCity", b.mail_state as "mailState", b.mail_zip as "mailZip",
      l.batch_id, l.id as letter_id, lb.mailed_on,
      cast(julianday(${today}) - julianday(lb.mailed_on) as integer) as days
    from letters l
    join letter_batches lb on lb.id = l.batch_id
    join businesses b on b.id = l.business_id
    where lb.mailed_on is not null and lb.mailed_on <= ${cutoff} and b.is_claimed = 0
      and ${batchId === undefined ? sql`1 = 1` : sql`l.batch_id = ${batchId}`}
      and l.id = (select max(l2.id) from letters l2 join letter_batches lb2 on lb2.id = l2.batch_id
                  where l2.business_id = b.id and lb2.mailed_on is not null)
    order by lb.mailed_on, b.name, b.id`);
  return rows.map((r) => ({
    businessId: r.business_id,
    name: r.name,
    documentNumber: r.document_number,
    address: letterAddress(r),
    batchId: r.batch_id,
    letterId: r.letter_id,
    mailedOn: r.mailed_on,
    daysSinceMailing: r.days,
  }));
}

export const UNANSWERED_CSV_COLUMNS: CsvColumn<UnansweredRow>[] = [
  ...recipientColumns<UnansweredRow>(),
  { header: "batch_id", value: (r) => r.batchId },
  { header: "letter_id", value: (r) => r.letterId },
  { header: "mailed_on", value: (r) => r.mailedOn },
  { header: "days_since_mailing", value: (r) => r.daysSinceMailing },
];
