/**
 * Subscriptions that must stop at Stripe (issue 40): after a transfer or a closing the seller's
 * automatic renewal is already off in our database, but the subscription lives at Stripe and
 * would charge the seller's card on October 1. The decision writes a row here in its own
 * transaction (so a crash or an unreachable Stripe cannot lose it); cancelPending asks Stripe
 * right after the commit, and the stripe-cancellations job asks again until Stripe confirms.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, stripeCancellations, type StripeCancellation } from "~/db/schema";
import type { Conn } from "~/models/outbox.server";
import { getStripe } from "~/services/stripe.server";

/** Records that this subscription must be cancelled; a second request for it is a no-op. */
export function requestStripeCancellation(conn: Conn, request: { subscriptionId: string; businessId: number; reason: string; at: Date }) {
  (conn as ReturnType<typeof getDb>)
    .insert(stripeCancellations)
    .values({ subscriptionId: request.subscriptionId, businessId: request.businessId, reason: request.reason, requestedAt: request.at })
    .onConflictDoNothing()
    .run();
}

export function pendingStripeCancellations(limit = 100): StripeCancellation[] {
  return getDb().select().from(stripeCancellations).where(isNull(stripeCancellations.doneAt)).orderBy(asc(stripeCancellations.requestedAt)).limit(limit).all();
}

export function getStripeCancellation(subscriptionId: string): StripeCancellation | undefined {
  return getDb().select().from(stripeCancellations).where(eq(stripeCancellations.subscriptionId, subscriptionId)).get();
}

/** Is the subscription gone at Stripe? Asked after a cancel failed: a second cancel of a cancelled one is refused. */
async function goneAtStripe(subscriptionId: string): Promise<boolean> {
  try {
    return (await getStripe().subscriptions.retrieve(subscriptionId)).status === "canceled";
  } catch (error) {
    return (error as { statusCode?: number }).statusCode === 404;
  }
}

/**
 * Cancels one pending subscription at Stripe. Returns true once Stripe has it cancelled (now or
 * before); false after a failure, recorded on the row for the next try. Never throws.
 */
export async function cancelAtStripe(subscriptionId: string, at = new Date()): Promise<boolean> {
  let error: string | null = null;
  try {
    await getStripe().subscriptions.cancel(subscriptionId);
  } catch (failure) {
    if (!(await goneAtStripe(subscriptionId))) error = (failure as Error).message || String(failure);
  }
  getDb().transaction(
    (tx) => {
      const row = tx
        .update(stripeCancellations)
        .set({ attempts: sql`${stripeCancellations.attempts} + 1`, lastAttemptAt: at, lastError: error, ...(error ? {} : { doneAt: at }) })
        .where(and(eq(stripeCancellations.subscriptionId, subscriptionId), isNull(stripeCancellations.doneAt)))
        .returning()
        .get();
      if (!row || error || row.businessId === null) return;
      // The business forgets the subscription unless it has since got another one (the buyer's).
      tx.update(businesses)
        .set({ stripeSubscriptionId: null, subscriptionStatus: "canceled", renewalDate: null, autoRenew: false })
        .where(and(eq(businesses.id, row.businessId), eq(businesses.stripeSubscriptionId, subscriptionId)))
        .run();
    },
    { behavior: "immediate" },
  );
  return error === null;
}

/** Every pending cancellation, tried once. */
export async function retryStripeCancellations(at = new Date()) {
  const result = { cancelled: 0, failed: [] as { subscriptionId: string; error: string }[] };
  for (const row of pendingStripeCancellations()) {
    if (await cancelAtStripe(row.subscriptionId, at)) result.cancelled++;
    else result.failed.push({ subscriptionId: row.subscriptionId, error: getStripeCancellation(row.subscriptionId)?.lastError ?? "unknown" });
  }
  return result;
}
