/**
 * Claiming a business: the 7-digit code from the town's letter proves ownership.
 * - The code is compared with the business's own code in constant time.
 * - The claim itself is one guarded UPDATE (`WHERE id=? AND is_claimed=0 AND can_be_claimed=1`)
 *   whose row count decides the winner, so two simultaneous claims end with exactly one owner.
 * - After CLAIM_LOCKOUT.maxWrongCodes wrong codes for one business by one user within
 *   CLAIM_LOCKOUT.windowMs, further attempts are refused, so the code cannot be guessed.
 */
import crypto from "node:crypto";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, claimAttempts, payments, users, type Business } from "~/db/schema";
import { recordAudit } from "~/models/audit.server";
import { isOwner, toPublicBusiness, type PublicBusiness } from "~/models/business.server";
import { queueClaimConfirmation } from "~/models/mail-events.server";
import { holdsCurrentReceipt } from "~/models/receipt.server";

export const CLAIM_LOCKOUT = { maxWrongCodes: 5, windowMs: 60 * 60 * 1000 } as const;

export type ClaimRequest = {
  businessId: number;
  userId: number;
  employeeCount: number;
  vehicleCount: number;
  verificationCode: string;
  /** Storage key of the uploaded licence (see services/uploads.server.ts), if any. */
  licenseKey?: string | null;
};

export type ClaimOutcome =
  | { ok: true; business: Business }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "already_claimed"; ownedByYou: boolean }
  | { ok: false; reason: "locked"; retryAfterSeconds: number; message: string }
  | { ok: false; reason: "wrong_code" };

/** What the claim page needs to decide whether to show the form. */
export type ClaimTarget =
  | { status: "not_found" }
  | { status: "claimable"; business: Pick<Business, "id" | "name" | "documentNumber"> }
  | { status: "not_claimable"; ownedByYou: boolean; heldBySomeoneElse: boolean };

export function getClaimTarget(businessId: number, userId: number): ClaimTarget {
  const row = getDb()
    .select({
      id: businesses.id,
      name: businesses.name,
      documentNumber: businesses.documentNumber,
      isClaimed: businesses.isClaimed,
      canBeClaimed: businesses.canBeClaimed,
      ownerId: businesses.ownerId,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .get();
  if (!row) return { status: "not_found" };
  if (row.isClaimed || !row.canBeClaimed) {
    const ownedByYou = row.ownerId === userId;
    return { status: "not_claimable", ownedByYou, heldBySomeoneElse: row.isClaimed && !ownedByYou };
  }
  return { status: "claimable", business: { id: row.id, name: row.name, documentNumber: row.documentNumber } };
}

/**
 * What refuses a claim before its form is read, so that nothing is uploaded for it: no such
 * business, one already claimed, or too many wrong codes lately. Null when the user may submit.
 */
export function claimRefusal(
  businessId: number,
  userId: number,
):
  | { kind: "not_found" }
  | { kind: "already_claimed"; ownedByYou: boolean; heldBySomeoneElse: boolean }
  | { kind: "locked"; retryAfterSeconds: number; message: string }
  | null {
  const target = getClaimTarget(businessId, userId);
  if (target.status === "not_found") return { kind: "not_found" };
  if (target.status === "not_claimable") return { kind: "already_claimed", ownedByYou: target.ownedByYou, heldBySomeoneElse: target.heldBySomeoneElse };
  const lockout = getClaimLockout(userId, businessId);
  return lockout ? { kind: "locked", ...lockout } : null;
}

/** Constant-time comparison: hashing first makes both sides the same length. */
export function codesMatch(expected: string | null | undefined, given: string): boolean {
  if (!expected) return false;
  const a = crypto.createHash("sha256").update(expected).digest();
  const b = crypto.createHash("sha256").update(given).digest();
  return crypto.timingSafeEqual(a, b);
}

function lockoutMessage(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return (
    `Too many incorrect verification codes for this business. ` +
    `For your security, claiming it is locked for ${minutes} minute${minutes === 1 ? "" : "s"}. Please try again later.`
  );
}

/** Null when the user may try a code for this business; otherwise how long they must wait. */
export function getClaimLockout(
  userId: number,
  businessId: number,
  now = new Date(),
): { retryAfterSeconds: number; message: string } | null {
  const since = new Date(now.getTime() - CLAIM_LOCKOUT.windowMs);
  const recent = getDb()
    .select({ createdAt: claimAttempts.createdAt })
    .from(claimAttempts)
    .where(
      and(eq(claimAttempts.userId, userId), eq(claimAttempts.businessId, businessId), gt(claimAttempts.createdAt, since)),
    )
    .orderBy(desc(claimAttempts.createdAt))
    .limit(CLAIM_LOCKOUT.maxWrongCodes)
    .all();
  if (recent.length < CLAIM_LOCKOUT.maxWrongCodes) return null;
  // Locked until the oldest of the last five wrong codes leaves the window.
  const oldest = recent[recent.length - 1].createdAt.getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest + CLAIM_LOCKOUT.windowMs - now.getTime()) / 1000));
  return { retryAfterSeconds, message: lockoutMessage(retryAfterSeconds) };
}

/**
 * Claims a business for a user. Runs in one IMMEDIATE transaction (the lockout count, the wrong
 * code record and the claim see one consistent database), and the claim itself is the guarded
 * UPDATE whose row count decides: 0 rows means someone else got there first.
 */
export function claimBusiness(input: ClaimRequest, now = new Date()): ClaimOutcome {
  const db = getDb();
  return db.transaction(
    (tx): ClaimOutcome => {
      const business = tx
        .select({
          isClaimed: businesses.isClaimed,
          canBeClaimed: businesses.canBeClaimed,
          ownerId: businesses.ownerId,
          verificationCode: businesses.verificationCode,
        })
        .from(businesses)
        .where(eq(businesses.id, input.businessId))
        .get();
      if (!business) return { ok: false, reason: "not_found" };
      if (business.isClaimed || !business.canBeClaimed) {
        return { ok: false, reason: "already_claimed", ownedByYou: business.ownerId === input.userId };
      }

      const lockout = getClaimLockout(input.userId, input.businessId, now);
      if (lockout) return { ok: false, reason: "locked", ...lockout };

      if (!codesMatch(business.verificationCode, input.verificationCode)) {
        tx.insert(claimAttempts).values({ userId: input.userId, businessId: input.businessId, createdAt: now }).run();
        return { ok: false, reason: "wrong_code" };
      }

      const result = tx
        .update(businesses)
        .set({
          isClaimed: true,
          canBeClaimed: false,
          ownerId: input.userId,
          employeeCount: input.employeeCount,
          vehicleCount: input.vehicleCount,
          driversLicenseUrl: input.licenseKey ?? null,
          claimedAt: now,
        })
        .where(
          and(
            eq(businesses.id, input.businessId),
            eq(businesses.isClaimed, false),
            eq(businesses.canBeClaimed, true),
          ),
        )
        .run();
      if (result.changes !== 1) return { ok: false, reason: "already_claimed", ownedByYou: false };

      const claimed = tx.select().from(businesses).where(eq(businesses.id, input.businessId)).get();
      queueClaimConfirmation(tx, claimed!, now);
      const claimant = tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, input.userId)).get();
      recordAudit(tx, {
        actor: claimant ?? { id: input.userId, username: "" },
        action: "claim.create",
        entityType: "business",
        entityId: input.businessId,
        before: { isClaimed: false, ownerId: business.ownerId },
        after: {
          isClaimed: true,
          ownerId: input.userId,
          employeeCount: input.employeeCount,
          vehicleCount: input.vehicleCount,
          hasLicense: Boolean(input.licenseKey),
        },
        at: now,
      });
      return { ok: true, business: claimed! };
    },
    { behavior: "immediate" },
  );
}

/**
 * A business as its owner sees it in the JSON API: the public fields plus ownership. Never the
 * verification code, the licence's storage key or the Stripe subscription id.
 */
export type OwnedBusiness = PublicBusiness & {
  ownerId: number | null;
  claimedAt: Date | null;
  hasDriversLicense: boolean;
  /** The town's review of the uploaded licence: null until reviewed; a rejection carries its reason. */
  licenseReview: { status: "verified" | "rejected"; reason: string | null } | null;
};

export function toOwnedBusiness(business: Business): OwnedBusiness {
  return {
    ...toPublicBusiness(business),
    ownerId: business.ownerId,
    claimedAt: business.claimedAt,
    hasDriversLicense: Boolean(business.driversLicenseUrl),
    licenseReview:
      business.licenseReviewStatus === "verified" || business.licenseReviewStatus === "rejected"
        ? { status: business.licenseReviewStatus, reason: business.licenseReviewReason }
        : null,
  };
}

export type ClaimedBusinessView = OwnedBusiness & {
  btr: {
    paid: boolean;
    lastPayment: { id: number; amount: number; fiscalYear: string; paidAt: Date } | null;
  };
  subscription: {
    status: string | null;
    active: boolean;
    autoRenew: boolean;
    renewalDate: Date | null;
    notice: string | null;
  };
};

/** The user's claimed businesses with their BTR (paid? last payment) and subscription state. */
export function listClaimedBusinesses(userId: number): ClaimedBusinessView[] {
  const db = getDb();
  const owned = db
    .select()
    .from(businesses)
    .where(and(eq(businesses.ownerId, userId), eq(businesses.isClaimed, true)))
    .orderBy(asc(businesses.name), asc(businesses.id))
    .all();
  if (owned.length === 0) return [];
  const latest = db
    .select({
      id: payments.id,
      businessId: payments.businessId,
      amount: payments.amount,
      fiscalYear: payments.fiscalYear,
      paidAt: payments.createdAt,
    })
    .from(payments)
    .where(
      sql`${payments.id} IN (SELECT max(p.id) FROM payments p JOIN businesses b ON b.id = p.business_id
        WHERE b.owner_id = ${userId} AND p.kind <> 'transfer_fee' GROUP BY p.business_id)`,
    )
    .all();
  const byBusiness = new Map(latest.map((p) => [p.businessId, p]));
  return owned.map((business) => {
    const payment = byBusiness.get(business.id);
    return {
      ...toOwnedBusiness(business),
      btr: {
        paid: holdsCurrentReceipt(business.id),
        lastPayment: payment
          ? { id: payment.id, amount: payment.amount, fiscalYear: payment.fiscalYear, paidAt: payment.paidAt }
          : null,
      },
      subscription: {
        status: business.subscriptionStatus,
        active: business.subscriptionStatus === "active" || business.subscriptionStatus === "trialing",
        autoRenew: business.autoRenew,
        renewalDate: business.renewalDate,
        notice: business.renewalNotice,
      },
    };
  });
}

/** The licence's storage key, for the business's owner or an admin only. */
export function getLicenseAccess(
  businessId: number,
  user: { id: number; isAdmin: boolean },
): { status: "not_found" } | { status: "forbidden" } | { status: "ok"; storageKey: string; businessName: string } {
  const row = getDb()
    .select({ isClaimed: businesses.isClaimed, ownerId: businesses.ownerId, key: businesses.driversLicenseUrl, name: businesses.name })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .get();
  if (!row) return { status: "not_found" };
  if (!user.isAdmin && !isOwner(row, user.id)) return { status: "forbidden" };
  if (!row.key) return { status: "not_found" };
  return { status: "ok", storageKey: row.key, businessName: row.name };
}
