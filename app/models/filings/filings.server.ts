/**
 * A filing from draft to submission (issue 40): created by its applicant, answered step by step
 * (each save checked with the rules of ~/lib/filings/answers), documents uploaded, submitted once.
 * Staff decisions and their consequences live in decision.server.ts.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, filingAnswers, filingDocuments, filingEvents, filings, users, type Filing, type FilingDocument } from "~/db/schema";
import { fieldErrors as answerFieldErrors, missingAnswers, normalizeAnswer, type AnswerContext } from "~/lib/filings/answers";
import { DOCUMENT_LABELS, DOCUMENT_MESSAGES, documentChecklist, requiredDocuments, type DocumentType } from "~/lib/filings/documents";
import {
  EDITABLE_STATUSES,
  isAnswerName,
  isEditable,
  KINDS_ABOUT_A_BUSINESS,
  transferFeeCents,
  type AnswerName,
  type Answers,
  type FilingKind,
  type FilingStatus,
} from "~/lib/filings/kinds";
import { isStaff } from "~/lib/roles";
import { fiscalYearOf } from "~/lib/tax-year";
import type { PublicUser } from "~/lib/types";
import { getSchedule } from "~/models/fee-schedule.server";
import { holdsCurrentReceipt } from "~/models/receipt.server";
import { discardUpload, type StoredUpload } from "~/services/uploads.server";
import { now } from "~/utils/clock.server";
import { taxFor } from "~/lib/tax-year";
import { answerContext, documentContext } from "./context.server";
import { FILING_MESSAGES, FilingError } from "./errors";

export { FilingError, FILING_MESSAGES } from "./errors";

type Actor = Pick<PublicUser, "id" | "isAdmin" | "role">;
export type MissingItem = { field: AnswerName; message: string } | { documentType: DocumentType; message: string };

export type FilingView = {
  id: number;
  kind: FilingKind;
  status: FilingStatus;
  applicant: { id: number; username: string; email: string } | null;
  businessId: number | null;
  business: { id: number; name: string; documentNumber: string } | null;
  answers: Answers;
  documents: { id: number; documentType: DocumentType; label: string; fileName: string; contentType: string; size: number; uploadedAt: string }[];
  requiredDocuments: DocumentType[];
  missing: MissingItem[];
  feeCents: number;
  feePaid: boolean;
  decisionMessage: string | null;
  submittedAt: string | null;
  decidedAt: string | null;
  updatedAt: string;
  createdAt: string;
  history: { action: string; actor: string | null; message: string | null; at: string }[];
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function getFilingRow(id: number): Filing | undefined {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  return getDb().select().from(filings).where(eq(filings.id, id)).get();
}

/** The filing, if the user may see it (its applicant or staff); otherwise a 404 (no hint that it exists). */
export function requireFilingFor(user: Actor, id: number): Filing {
  const filing = getFilingRow(id);
  if (!filing || (filing.applicantId !== user.id && !isStaff(user))) throw new FilingError(404, FILING_MESSAGES.notFound);
  return filing;
}

/** The filing, if the user is its applicant (only the applicant changes it). */
export function requireOwnFiling(user: Actor, id: number): Filing {
  const filing = getFilingRow(id);
  if (!filing || filing.applicantId !== user.id) throw new FilingError(404, FILING_MESSAGES.notFound);
  return filing;
}

export function readAnswers(filingId: number): Answers {
  const rows = getDb().select({ field: filingAnswers.field, value: filingAnswers.value }).from(filingAnswers).where(eq(filingAnswers.filingId, filingId)).all();
  return Object.fromEntries(rows.filter((r) => isAnswerName(r.field)).map((r) => [r.field, r.value])) as Answers;
}

export function filingDocumentsOf(filingId: number) {
  return getDb().select().from(filingDocuments).where(eq(filingDocuments.filingId, filingId)).orderBy(asc(filingDocuments.id)).all();
}

/** Answers and documents still needed before the filing can be submitted. */
export function missingOf(kind: FilingKind, answers: Answers, uploaded: readonly string[], ctx: AnswerContext): MissingItem[] {
  const docs = requiredDocuments(kind, answers, documentContext(ctx))
    .filter((type) => !uploaded.includes(type))
    .map((documentType) => ({ documentType, message: `${DOCUMENT_LABELS[documentType]} is required` }));
  return [...missingAnswers(kind, answers, ctx), ...docs];
}

export function feePaidFor(filingId: number): boolean {
  return Boolean(
    getDb().get<{ one: number }>(sql`select 1 as one from payments where filing_id = ${filingId} and refunded_cents < amount limit 1`),
  );
}

/** A stored document as the filing's views show it. */
export function documentView(d: FilingDocument): FilingView["documents"][number] {
  return {
    id: d.id,
    documentType: d.documentType as DocumentType,
    label: DOCUMENT_LABELS[d.documentType as DocumentType] ?? d.documentType,
    fileName: d.fileName,
    contentType: d.contentType,
    size: d.size,
    uploadedAt: d.createdAt.toISOString(),
  };
}

export function filingView(filing: Filing, ctx: AnswerContext = answerContext()): FilingView {
  const db = getDb();
  const answers = readAnswers(filing.id);
  const documents = filingDocumentsOf(filing.id);
  const applicant = filing.applicantId
    ? (db.select({ id: users.id, username: users.username, email: users.email }).from(users).where(eq(users.id, filing.applicantId)).get() ?? null)
    : null;
  const business = filing.businessId
    ? (db.select({ id: businesses.id, name: businesses.name, documentNumber: businesses.documentNumber }).from(businesses).where(eq(businesses.id, filing.businessId)).get() ?? null)
    : null;
  const history = db
    .select({ action: filingEvents.action, actor: users.username, message: filingEvents.message, at: filingEvents.createdAt })
    .from(filingEvents)
    .leftJoin(users, eq(users.id, filingEvents.actorId))
    .where(eq(filingEvents.filingId, filing.id))
    .orderBy(asc(filingEvents.id))
    .all();
  const kind = filing.kind as FilingKind;
  return {
    id: filing.id,
    kind,
    status: filing.status as FilingStatus,
    applicant,
    businessId: filing.businessId,
    business,
    answers,
    documents: documents.map(documentView),
    requiredDocuments: requiredDocuments(kind, answers, documentContext(ctx)),
    missing: missingOf(kind, answers, documents.map((d) => d.documentType), ctx),
    feeCents: filing.feeCents,
    feePaid: filing.feeCents > 0 ? feePaidFor(filing.id) : false,
    decisionMessage: filing.decisionMessage,
    submittedAt: iso(filing.submittedAt),
    decidedAt: iso(filing.decidedAt),
    updatedAt: filing.updatedAt.toISOString(),
    createdAt: filing.createdAt.toISOString(),
    history: history.map((h) => ({ action: h.action, actor: h.actor, message: h.message, at: h.at.toISOString() })),
  };
}

/** The transfer fee of a business this fiscal year, from its declared counts and the year's schedule. */
export function transferFeeFor(businessId: number, at: Date = now()): number {
  const business = getDb().select({ employeeCount: businesses.employeeCount, vehicleCount: businesses.vehicleCount }).from(businesses).where(eq(businesses.id, businessId)).get();
  if (!business) return 0;
  return transferFeeCents(taxFor(getSchedule(fiscalYearOf(at)), business.employeeCount, business.vehicleCount).taxCents);
}

const OPEN_STATUSES: FilingStatus[] = ["draft", "submitted", "changes-requested"];

/** Starts a filing. Kinds about a business need one the user owns (and, for a transfer, this year's receipt). */
export function createFiling(user: Pick<PublicUser, "id" | "email">, kind: FilingKind, businessId?: number | null): Filing {
  const at = now();
  const about = KINDS_ABOUT_A_BUSINESS.includes(kind);
  if (about) {
    if (!businessId) throw new FilingError(400, FILING_MESSAGES.businessRequired, { fieldErrors: { businessId: FILING_MESSAGES.businessRequired } });
    const business = getDb().select().from(businesses).where(eq(businesses.id, businessId)).get();
    if (!business || business.ownerId !== user.id || !business.isClaimed) throw new FilingError(403, FILING_MESSAGES.notYourBusiness);
    if (kind === "transfer" && !holdsCurrentReceipt(business.id, at)) throw new FilingError(409, FILING_MESSAGES.noReceipt);
    if (business.closedOn && kind !== "close-business") throw new FilingError(409, FILING_MESSAGES.alreadyClosed);
    if (kind === "close-business" && business.closedOn) throw new FilingError(409, FILING_MESSAGES.alreadyClosed);
    const open = getDb()
      .select({ id: filings.id })
      .from(filings)
      .where(and(eq(filings.businessId, business.id), eq(filings.kind, kind), inArray(filings.status, OPEN_STATUSES)))
      .get();
    if (open) throw new FilingError(409, FILING_MESSAGES.inProgress, { fieldErrors: { filingId: String(open.id) } });
  }
  return getDb().transaction((tx) => {
    const filing = tx
      .insert(filings)
      .values({
        kind,
        status: "draft",
        applicantId: user.id,
        businessId: about ? businessId! : null,
        feeCents: kind === "transfer" ? transferFeeFor(businessId!, at) : 0,
        updatedAt: at,
        createdAt: at,
      })
      .returning()
      .get();
    // A new application starts with the applicant's email; they may change it.
    if (kind === "new-business") tx.insert(filingAnswers).values({ filingId: filing.id, field: "email", value: user.email }).run();
    tx.insert(filingEvents).values({ filingId: filing.id, action: "created", actorId: user.id, createdAt: at }).run();
    return filing;
  }, { behavior: "immediate" });
}

/** The caller's filings, newest change first, with the business's name. */
export function listFilingsOf(userId: number) {
  const rows = getDb()
    .select({ filing: filings, businessName: businesses.name })
    .from(filings)
    .leftJoin(businesses, eq(businesses.id, filings.businessId))
    .where(eq(filings.applicantId, userId))
    .orderBy(desc(filings.updatedAt), desc(filings.id))
    .all();
  const names = getDb()
    .select({ filingId: filingAnswers.filingId, value: filingAnswers.value })
    .from(filingAnswers)
    .innerJoin(filings, eq(filings.id, filingAnswers.filingId))
    .where(and(eq(filings.applicantId, userId), eq(filingAnswers.field, "businessName")))
    .all();
  const answeredName = new Map(names.map((n) => [n.filingId, n.value]));
  return rows.map(({ filing, businessName }) => ({ ...filing, businessName: businessName ?? answeredName.get(filing.id) ?? null }));
}

/** Turns JSON or form values into answer text; reports names that are not answers and values that are not text. */
export function readAnswerInput(input: Record<string, unknown>): { answers: Answers; errors: Record<string, string> } {
  const answers: Answers = {};
  const errors: Record<string, string> = {};
  for (const [name, raw] of Object.entries(input)) {
    if (!isAnswerName(name)) {
      errors[name] = FILING_MESSAGES.unknownAnswer;
      continue;
    }
    if (typeof raw === "string") answers[name] = raw;
    else if (raw === null) answers[name] = "";
    else if (typeof raw === "number" && Number.isFinite(raw)) answers[name] = String(raw);
    else if (typeof raw === "boolean" && name === "homeBased") answers[name] = raw ? "yes" : "no";
    else errors[name] = FILING_MESSAGES.notText;
  }
  return { answers, errors };
}

/** The checks that need the database: the registry's document number, the buyer's account. */
function serverErrors(filing: Filing, answers: Answers, applicantId: number): Partial<Record<AnswerName, string>> {
  const errors: Partial<Record<AnswerName, string>> = {};
  const db = getDb();
  const doc = answers.stateDocumentNumber?.trim();
  if (doc) {
    const found = db.select({ ownerId: businesses.ownerId, isClaimed: businesses.isClaimed, origin: businesses.origin }).from(businesses).where(eq(businesses.documentNumber, doc.toUpperCase())).get();
    if (!found || found.origin !== "state") errors.stateDocumentNumber = "No business with this document number is in the state's registry. Leave it empty if the business has none.";
    else if (found.isClaimed && found.ownerId === applicantId) errors.stateDocumentNumber = "You already own this business: pay its receipt from your dashboard";
    else if (found.isClaimed) errors.stateDocumentNumber = "This business already has an owner. If it is yours, contact the town.";
  }
  const buyer = answers.buyer?.trim();
  if (buyer && filing.kind === "transfer") {
    const account = findAccount(buyer);
    if (!account) errors.buyer = "No account has this username or email";
    else if (account.id === applicantId) errors.buyer = "The buyer must be someone else";
  }
  return errors;
}

export function findAccount(usernameOrEmail: string) {
  const v = usernameOrEmail.trim();
  return getDb()
    .select({ id: users.id, username: users.username, email: users.email, firstName: users.firstName })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${v}) or ${users.email} = lower(${v})`)
    .get();
}

function requireEditable(filing: Filing) {
  if (!isEditable(filing.status)) throw new FilingError(409, FILING_MESSAGES.notEditable);
}

/**
 * Saves answers. Each is judged on its own: the good ones are saved and the bad ones reported
 * (a form step keeps everything else that was typed). With `atomic`, any bad answer saves nothing
 * (the JSON API's PATCH). Empty text clears an answer.
 */
export function saveAnswers(
  user: Pick<PublicUser, "id">,
  filing: Filing,
  input: Answers,
  { atomic = false, ctx = answerContext() }: { atomic?: boolean; ctx?: AnswerContext } = {},
): { errors: Partial<Record<AnswerName, string>> } {
  requireEditable(filing);
  const errors = { ...answerFieldErrors(input, ctx) };
  const merged = { ...readAnswers(filing.id), ...input };
  Object.assign(errors, Object.fromEntries(Object.entries(serverErrors(filing, merged, user.id)).filter(([name]) => name in input && !(name in errors))));
  const good = (Object.entries(input) as [AnswerName, string][]).filter(([name]) => !(name in errors));
  if (atomic && Object.keys(errors).length > 0) return { errors };
  const at = now();
  getDb().transaction((tx) => {
    // Re-checked inside the transaction: a submit in another tab may have won meanwhile.
    const current = tx.select({ status: filings.status }).from(filings).where(eq(filings.id, filing.id)).get();
    if (!current || !isEditable(current.status)) throw new FilingError(409, FILING_MESSAGES.notEditable);
    for (const [field, value] of good) {
      const v = normalizeAnswer(field, value);
      if (v === "") tx.delete(filingAnswers).where(and(eq(filingAnswers.filingId, filing.id), eq(filingAnswers.field, field))).run();
      else
        tx.insert(filingAnswers)
          .values({ filingId: filing.id, field, value: v })
          .onConflictDoUpdate({ target: [filingAnswers.filingId, filingAnswers.field], set: { value: v } })
          .run();
    }
    tx.update(filings).set({ updatedAt: at }).where(eq(filings.id, filing.id)).run();
  }, { behavior: "immediate" });
  return { errors };
}

/** Stores an uploaded document (replacing one of the same type). The file is already on disk, sniffed. */
export async function addDocument(filing: Filing, documentType: DocumentType, file: StoredUpload) {
  try {
    requireEditable(filing);
    const allowed = documentChecklist(filing.kind as FilingKind).map((d) => d.type);
    if (!allowed.includes(documentType)) throw new FilingError(400, DOCUMENT_MESSAGES.notNeeded, { fieldErrors: { documentType: DOCUMENT_MESSAGES.notNeeded } });
    if (!file.storageKey) throw new FilingError(400, DOCUMENT_MESSAGES.fileType, { fieldErrors: { file: DOCUMENT_MESSAGES.fileType } });
  } catch (error) {
    await discardUpload(file);
    throw error;
  }
  const at = now();
  let replaced: string | null = null;
  try {
    const row = getDb().transaction((tx) => {
      const current = tx.select({ status: filings.status }).from(filings).where(eq(filings.id, filing.id)).get();
      if (!current || !isEditable(current.status)) throw new FilingError(409, FILING_MESSAGES.notEditable);
      const old = tx
        .select({ storageKey: filingDocuments.storageKey })
        .from(filingDocuments)
        .where(and(eq(filingDocuments.filingId, filing.id), eq(filingDocuments.documentType, documentType)))
        .get();
      replaced = old?.storageKey ?? null;
      const values = { filingId: filing.id, documentType, storageKey: file.storageKey!, fileName: file.name.slice(0, 255) || "document", contentType: file.type, size: file.size, createdAt: at };
      const inserted = tx
        .insert(filingDocuments)
        .values(values)
        .onConflictDoUpdate({ target: [filingDocuments.filingId, filingDocuments.documentType], set: values })
        .returning()
        .get();
      tx.update(filings).set({ updatedAt: at }).where(eq(filings.id, filing.id)).run();
      return inserted;
    }, { behavior: "immediate" });
    if (replaced) await discardUpload(replaced);
    return row;
  } catch (error) {
    await discardUpload(file);
    throw error;
  }
}

/**
 * Submits the filing once: the guarded UPDATE from an editable status decides, so two tabs or a
 * double click make one submission (the second finds it submitted and answers the same).
 */
export function submitFiling(user: Pick<PublicUser, "id">, filing: Filing, ctx: AnswerContext = answerContext()): Filing {
  if (filing.status === "submitted") return filing;
  requireEditable(filing);
  const answers = readAnswers(filing.id);
  const missing = missingOf(filing.kind as FilingKind, answers, filingDocumentsOf(filing.id).map((d) => d.documentType), ctx);
  if (missing.length) throw new FilingError(400, FILING_MESSAGES.missing, { missing });
  const invalid = { ...answerFieldErrors(answers, ctx), ...serverErrors(filing, answers, user.id) };
  if (Object.keys(invalid).length) throw new FilingError(400, FILING_MESSAGES.invalidAnswers, { fieldErrors: invalid as Record<string, string> });
  if (filing.kind === "transfer" && !feePaidFor(filing.id)) throw new FilingError(409, FILING_MESSAGES.feeUnpaid);
  const at = now();
  return getDb().transaction((tx) => {
    const changed = tx
      .update(filings)
      .set({ status: "submitted", submittedAt: at, updatedAt: at })
      .where(and(eq(filings.id, filing.id), inArray(filings.status, [...EDITABLE_STATUSES])))
      .run();
    if (changed.changes === 1) {
      tx.insert(filingEvents).values({ filingId: filing.id, action: filing.status === "changes-requested" ? "resubmitted" : "submitted", actorId: user.id, createdAt: at }).run();
    }
    const after = tx.select().from(filings).where(eq(filings.id, filing.id)).get()!;
    if (after.status !== "submitted") throw new FilingError(409, FILING_MESSAGES.notEditable);
    return after;
  }, { behavior: "immediate" });
}

/** The applicant withdraws a filing not yet decided. */
export function withdrawFiling(user: Pick<PublicUser, "id">, filing: Filing): Filing {
  if (filing.status === "withdrawn") return filing;
  const at = now();
  return getDb().transaction((tx) => {
    const changed = tx
      .update(filings)
      .set({ status: "withdrawn", updatedAt: at })
      .where(and(eq(filings.id, filing.id), inArray(filings.status, OPEN_STATUSES)))
      .run();
    if (changed.changes !== 1) throw new FilingError(409, FILING_MESSAGES.notWithdrawable);
    tx.insert(filingEvents).values({ filingId: filing.id, action: "withdrawn", actorId: user.id, createdAt: at }).run();
    return tx.select().from(filings).where(eq(filings.id, filing.id)).get()!;
  }, { behavior: "immediate" });
}

/** A document of a filing, for its applicant or staff. */
export function requireFilingDocument(user: Actor, filingId: number, documentId: number) {
  const filing = requireFilingFor(user, filingId);
  const doc = getDb()
    .select()
    .from(filingDocuments)
    .where(and(eq(filingDocuments.id, documentId), eq(filingDocuments.filingId, filing.id)))
    .get();
  if (!doc) throw new FilingError(404, "Document not found");
  return doc;
}
