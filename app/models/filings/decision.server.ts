/**
 * Staff decisions on a submitted filing (issue 40): approve, request changes, deny. The decision,
 * its history line, its audit row, its emails and what approval changes (a new business, a new
 * owner, an address, a closing) are written in one transaction: killed at any line, either all
 * of it happened or none. A renewing subscription to stop is recorded with them and cancelled at
 * Stripe after the commit (app/models/stripe-cancellations.server.ts).
 */
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, filingEvents, filings, payments, users, type Business, type Filing } from "~/db/schema";
import type { AnswerContext } from "~/lib/filings/answers";
import { FILING_KIND_LABELS, localBusinessNumber, OWNERSHIP_FILING_TYPES, type Answers, type FilingDecision, type FilingKind, type Ownership } from "~/lib/filings/kinds";
import { fiscalYearOf, townDate } from "~/lib/tax-year";
import type { PublicUser } from "~/lib/types";
import { filingDecisionMail, transferCompletedMail } from "~/mail/messages";
import { mailContext } from "~/mail/context.server";
import { recordAudit } from "~/models/audit.server";
import { enqueueMail, type Conn } from "~/models/outbox.server";
import { cancelAtStripe, requestStripeCancellation } from "~/models/stripe-cancellations.server";
import { now } from "~/utils/clock.server";
import { faultPoint } from "~/utils/fault-point.server";
import { answerContext } from "./context.server";
import { FILING_MESSAGES, FilingError } from "./errors";
import { findAccount, readAnswers } from "./filings.server";

type Staff = Pick<PublicUser, "id" | "username">;
type Tx = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

const STATUS_AFTER: Record<FilingDecision, string> = { approve: "approved", "request-changes": "changes-requested", deny: "denied" };
const EVENT_OF: Record<FilingDecision, string> = { approve: "approved", "request-changes": "changes_requested", deny: "denied" };

function addressOf(b: Pick<Business, "address1" | "address2" | "city" | "state" | "zip">) {
  return [b.address1, b.address2, b.city, b.state, b.zip].filter(Boolean).join(", ");
}

/** A new application approved: the registry business it named (linked), or a town business with a local number. */
function approveNewBusiness(tx: Tx, filing: Filing, answers: Answers, ctx: AnswerContext, at: Date): Business {
  const counts = { employeeCount: Number(answers.employeeCount ?? 0), vehicleCount: Number(answers.vehicleCount ?? 0) };
  const category = ctx.categories.find((c) => c.code === answers.category)?.name ?? answers.category ?? null;
  const owner = { ownerId: filing.applicantId, isClaimed: true, canBeClaimed: false, claimedAt: at, ...counts, category };
  if (answers.stateDocumentNumber) {
    const linked = tx.update(businesses).set(owner).where(and(eq(businesses.documentNumber, answers.stateDocumentNumber), eq(businesses.origin, "state"), eq(businesses.isClaimed, false))).returning().get();
    if (!linked) throw new FilingError(409, FILING_MESSAGES.ownerTaken);
    return linked;
  }
  return tx
    .insert(businesses)
    .values({
      name: answers.tradeName || answers.businessName!,
      documentNumber: localBusinessNumber(fiscalYearOf(at), filing.id),
      filingType: OWNERSHIP_FILING_TYPES[answers.ownership as Ownership] ?? "Other",
      status: "Active",
      address1: answers.address1,
      address2: answers.address2 ?? null,
      city: answers.city,
      state: "FL",
      zip: answers.zip,
      registeredOn: townDate(at),
      origin: "town",
      ...owner,
    })
    .returning()
    .get();
}

function approveTransfer(tx: Tx, filing: Filing, answers: Answers, at: Date): { business: Business; buyerId: number; sellerId: number | null } {
  const buyer = findAccount(answers.buyer ?? "");
  if (!buyer) throw new FilingError(409, FILING_MESSAGES.buyerGone);
  const business = tx
    .update(businesses)
    .set({ ownerId: buyer.id, claimedAt: at, autoRenew: false })
    .where(and(eq(businesses.id, filing.businessId!), eq(businesses.ownerId, filing.applicantId!)))
    .returning()
    .get();
  if (!business) throw new FilingError(409, FILING_MESSAGES.applicantNotOwner);
  return { business, buyerId: buyer.id, sellerId: filing.applicantId };
}

function approveChangeLocation(tx: Tx, filing: Filing, answers: Answers): Business {
  const before = tx.select().from(businesses).where(eq(businesses.id, filing.businessId!)).get()!;
  // Receipts already paid keep the address they were issued at.
  tx.update(payments).set({ businessAddress: addressOf(before) }).where(and(eq(payments.businessId, before.id), isNull(payments.businessAddress))).run();
  return tx
    .update(businesses)
    .set({ address1: answers.address1, address2: answers.address2 ?? null, city: answers.city, state: "FL", zip: answers.zip })
    .where(eq(businesses.id, before.id))
    .returning()
    .get();
}

function approveClosing(tx: Tx, filing: Filing, answers: Answers): Business {
  return tx.update(businesses).set({ closedOn: answers.closedOn!, autoRenew: false }).where(eq(businesses.id, filing.businessId!)).returning().get();
}

function queueMail(conn: Conn, userId: number | null, build: (user: { username: string; firstName: string | null; email: string; language: string | null }) => Parameters<typeof enqueueMail>[1]) {
  if (!userId) return;
  const user = (conn as ReturnType<typeof getDb>).select({ username: users.username, firstName: users.firstName, email: users.email, language: users.language }).from(users).where(eq(users.id, userId)).get();
  if (user) enqueueMail(conn, build(user));
}

/**
 * Decides a submitted filing. `message` is required to request changes or deny (the applicant
 * sees it). A second decision on the same filing is refused (409): it is no longer submitted.
 */
export async function decideFiling(staff: Staff, filingId: number, decision: FilingDecision, message: string | null, ctx: AnswerContext = answerContext()) {
  const text = message?.trim() || null;
  if (decision !== "approve" && !text) throw new FilingError(400, FILING_MESSAGES.messageRequired, { fieldErrors: { message: FILING_MESSAGES.messageRequired } });
  const at = now();
  const result = getDb().transaction((tx) => {
    const filing = tx.select().from(filings).where(eq(filings.id, filingId)).get();
    if (!filing) throw new FilingError(404, FILING_MESSAGES.notFound);
    if (filing.status !== "submitted") throw new FilingError(409, FILING_MESSAGES.notDecidable);
    const answers = readAnswers(filing.id);
    const kind = filing.kind as FilingKind;
    let business: Business | null = null;
    let transfer: ReturnType<typeof approveTransfer> | null = null;
    if (decision === "approve") {
      if (kind === "new-business") business = approveNewBusiness(tx, filing, answers, ctx, at);
      else if (kind === "transfer") business = (transfer = approveTransfer(tx, filing, answers, at)).business;
      else if (kind === "change-location") business = approveChangeLocation(tx, filing, answers);
      else business = approveClosing(tx, filing, answers);
    }
    faultPoint("filing.decision-mid"); // tests only: die after the consequences, before the decision row
    const decided = tx
      .update(filings)
      .set({ status: STATUS_AFTER[decision], decisionMessage: text, decidedAt: at, updatedAt: at, ...(business ? { businessId: business.id } : {}) })
      .where(and(eq(filings.id, filing.id), eq(filings.status, "submitted")))
      .returning()
      .get();
    if (!decided) throw new FilingError(409, FILING_MESSAGES.notDecidable);
    tx.insert(filingEvents).values({ filingId: filing.id, action: EVENT_OF[decision], actorId: staff.id, message: text, createdAt: at }).run();
    recordAudit(tx, {
      actor: staff,
      action: `filing.${decision}`,
      entityType: "filing",
      entityId: filing.id,
      before: { status: filing.status },
      after: { status: decided.status, message: text, businessId: decided.businessId },
      at,
    });
    const subjectName = business?.name ?? answers.tradeName ?? answers.businessName ?? (decided.businessId ? tx.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, decided.businessId)).get()?.name : null) ?? null;
    const ctxMail = mailContext();
    queueMail(tx, filing.applicantId, (user) => ({
      kind: `filing-${decision}`,
      dedupeKey: `filing:${filing.id}:${decision}:${at.getTime()}`,
      to: user.email,
      userId: filing.applicantId,
      businessId: decided.businessId,
      mail: filingDecisionMail(ctxMail, { user, filingId: filing.id, kind, kindLabel: FILING_KIND_LABELS[kind], subjectName, decision, message: text }),
      now: at,
    }));
    if (transfer) {
      for (const [userId, role] of [[transfer.buyerId, "buyer"], [transfer.sellerId, "seller"]] as const) {
        queueMail(tx, userId, (user) => ({
          kind: `transfer-${role}`,
          dedupeKey: `transfer:${filing.id}:${role}`,
          to: user.email,
          userId,
          businessId: transfer!.business.id,
          mail: transferCompletedMail(ctxMail, { user, business: transfer!.business, role }),
          now: at,
        }));
      }
    }
    const cancelSubscription = decision === "approve" && (kind === "transfer" || kind === "close-business") ? business?.stripeSubscriptionId ?? null : null;
    if (cancelSubscription) requestStripeCancellation(tx, { subscriptionId: cancelSubscription, businessId: business!.id, reason: `filing ${filing.id}: ${kind}`, at });
    return { filing: decided, cancelSubscription };
  }, { behavior: "immediate" });
  faultPoint("filing.decision-committed"); // tests only: die before Stripe hears of it
  // Best at once; when Stripe cannot be reached the stripe-cancellations job tries again.
  if (result.cancelSubscription) await cancelAtStripe(result.cancelSubscription);
  return result.filing;
}

/** Staff reopen a closed business (its closing was a mistake, or it started again). */
export function reopenBusiness(staff: Staff, businessId: number) {
  getDb().transaction((tx) => {
    const before = tx.select({ closedOn: businesses.closedOn }).from(businesses).where(eq(businesses.id, businessId)).get();
    if (!before) throw new FilingError(404, "Business not found");
    if (!before.closedOn) throw new FilingError(409, "This business is not closed");
    tx.update(businesses).set({ closedOn: null }).where(eq(businesses.id, businessId)).run();
    recordAudit(tx, { actor: staff, action: "business.reopen", entityType: "business", entityId: businessId, before: { closedOn: before.closedOn }, after: { closedOn: null } });
  }, { behavior: "immediate" });
}
