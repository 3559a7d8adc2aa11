/**
 * The filings' JSON door (issue 40), its request plumbing in one place so the routes stay thin:
 * the JSON shapes of a filing, a list row, a document and a queue row; a FilingError as the
 * API's error answer; the applicant-only guard; a bounded JSON body; the staff queue's strict
 * query parameters. The rules themselves are the filings model's (~/models/filings).
 */
import type { Filing, FilingDocument } from "~/db/schema";
import { FILING_KINDS, FILING_STATUSES, isFilingKind, isFilingStatus, type FilingKind, type FilingStatus } from "~/lib/filings/kinds";
import type { FilingQueueFilters } from "~/lib/filings/queue";
import { FILING_API_MESSAGES } from "~/lib/schemas/filing-api";
import type { PublicUser } from "~/lib/types";
import { FilingError } from "~/models/filings/errors";
import { documentView, requireFilingFor, type FilingView, type listFilingsOf } from "~/models/filings/filings.server";
import type { QueueRow } from "~/models/filings/queue.server";
import { apiError, type FieldErrors } from "./errors.server";
import { requireJsonContentType } from "./body.server";
import { intParam, readPaging, type PageRequest } from "./paging.server";
import { textParam } from "./text";

/** Where a filing's document is downloaded (its applicant and staff, signed in). */
export const documentUrl = (filingId: number, documentId: number) => `/filings/${filingId}/documents/${documentId}`;

/** A filing as the JSON API answers it (GET /api/filings/{id}, and every write that answers the filing). */
export function filingJson(view: FilingView) {
  return {
    id: view.id,
    kind: view.kind,
    status: view.status,
    applicant: view.applicant,
    businessId: view.businessId,
    business: view.business,
    answers: view.answers,
    documents: view.documents.map((doc) => ({ ...doc, url: documentUrl(view.id, doc.id) })),
    requiredDocuments: view.requiredDocuments,
    missing: view.missing,
    feeCents: view.feeCents,
    feePaid: view.feePaid,
    decisionMessage: view.decisionMessage,
    submittedAt: view.submittedAt,
    decidedAt: view.decidedAt,
    updatedAt: view.updatedAt,
    createdAt: view.createdAt,
    history: view.history,
  };
}

/** One of the caller's filings in GET /api/filings. */
export function filingSummaryJson(row: ReturnType<typeof listFilingsOf>[number]) {
  return {
    id: row.id,
    kind: row.kind as FilingKind,
    status: row.status as FilingStatus,
    businessId: row.businessId,
    businessName: row.businessName,
    feeCents: row.feeCents,
    decisionMessage: row.decisionMessage,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** An uploaded document (POST /api/filings/{id}/documents), as in the filing's `documents`. */
export function filingDocumentJson(doc: FilingDocument) {
  return { ...documentView(doc), url: documentUrl(doc.filingId, doc.id) };
}

/** A row of the staff queue (GET /api/admin/filings). */
export function queueRowJson(row: QueueRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    name: row.name,
    applicant: row.applicant,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    daysWaiting: row.daysWaiting,
  };
}

/**
 * A FilingError as the API's error answer: `{ error: { message, fieldErrors?, missing? } }`.
 * Field errors are sent for a 400 only (a 409's details are for the pages).
 */
export function filingErrorResponse(error: FilingError): Response {
  const { fieldErrors, missing } = error.details;
  const body: { message: string; fieldErrors?: FieldErrors; missing?: typeof missing } = { message: error.message };
  if (error.status === 400 && fieldErrors && Object.keys(fieldErrors).length) {
    body.fieldErrors = Object.fromEntries(Object.entries(fieldErrors).map(([name, message]) => [name, [message]]));
  }
  if (error.status === 400 && missing?.length) body.missing = missing;
  return Response.json({ error: body }, { status: error.status });
}

/** Runs a route's work; a FilingError it throws becomes the JSON error answer. */
export async function answerFilingErrors(work: () => Response | Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FilingError) return filingErrorResponse(error);
    throw error;
  }
}

/**
 * The filing named by the route, for a change by its applicant: a 404 to anyone who may not
 * see it (no hint that it exists), a 403 to staff (who may read it, not change it).
 */
export function requireApplicantFiling(user: Pick<PublicUser, "id" | "isAdmin" | "role">, id: number): Filing {
  const filing = requireFilingFor(user, id);
  if (filing.applicantId !== user.id) throw new FilingError(403, FILING_API_MESSAGES.notApplicant);
  return filing;
}

/** The largest JSON body a filings endpoint reads: every answer at its longest fits many times over. */
export const MAX_FILING_JSON_BYTES = 64 * 1024;

/**
 * A JSON object body, read at most MAX_FILING_JSON_BYTES: 415 unless declared JSON, 413 past
 * the limit (declared or counted), 400 unless it is a JSON object (empty or malformed included).
 */
export async function readFilingJson(request: Request): Promise<Record<string, unknown>> {
  requireJsonContentType(request);
  const tooLarge = () => apiError(413, FILING_API_MESSAGES.tooLarge);
  const declared = Number(request.headers.get("Content-Length") ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_FILING_JSON_BYTES) {
    await request.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > MAX_FILING_JSON_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    body = undefined;
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw apiError(400, "Request body must be a JSON object");
  return body as Record<string, unknown>;
}

/** Statuses the staff queue lists (drafts are the applicant's own). */
export const QUEUE_STATUSES = FILING_STATUSES.filter((s) => s !== "draft");

/**
 * The staff queue's query, strictly (as the other admin APIs read theirs): status, kind, age
 * (days waiting, 1..3650) and page/limit must be valid when given, else a thrown 400 naming
 * the parameter; q (a business name) is trimmed and cut like every text filter.
 */
export function readQueueQuery(params: URLSearchParams): { filters: FilingQueueFilters; paging: PageRequest } {
  const status = (params.get("status") ?? "").trim();
  const kind = (params.get("kind") ?? "").trim();
  if (status && !(isFilingStatus(status) && status !== "draft")) {
    throw apiError(400, `status must be one of ${QUEUE_STATUSES.join(", ")}`, { status: [`Choose one of ${QUEUE_STATUSES.join(", ")}`] });
  }
  if (kind && !isFilingKind(kind)) {
    throw apiError(400, `kind must be one of ${FILING_KINDS.join(", ")}`, { kind: [`Choose one of ${FILING_KINDS.join(", ")}`] });
  }
  const age = intParam(params, "age", 0, 3650);
  const q = textParam(params, "q");
  const filters: FilingQueueFilters = {
    ...(status ? { status: status as FilingStatus } : {}),
    ...(kind ? { kind: kind as FilingKind } : {}),
    ...(age ? { minAgeDays: age } : {}),
    ...(q ? { q } : {}),
  };
  return { filters, paging: readPaging(params) };
}
