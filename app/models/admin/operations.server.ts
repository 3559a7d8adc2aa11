/**
 * Administrator operations on users and claims, each in one transaction with its audit row:
 * role changes, releasing a claim, reviewing a claim's licence.
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, users } from "~/db/schema";
import { roleOf, type Role } from "~/lib/roles";
import { UNCLAIMED } from "~/models/business.server";
import { recordAudit, type AuditActor } from "~/models/audit.server";
import { freshCode, liveCodes } from "~/models/verification-code.server";

/** A refused operation, with the HTTP status it maps to (502: Stripe could not be reached). */
export class OperationError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 502,
    message: string,
  ) {
    super(message);
  }
}

/** Sets a user's role (admin, clerk or user). An admin cannot take away their own admin role. */
export function setUserRole(actor: NonNullable<AuditActor>, userId: number, role: Role) {
  const db = getDb();
  return db.transaction(
    (tx) => {
      const user = tx.select().from(users).where(eq(users.id, userId)).get();
      if (!user) throw new OperationError(404, "User not found");
      const before = roleOf(user);
      if (userId === actor.id && role !== "admin") throw new OperationError(409, "You cannot remove your own administrator role");
      if (before === role) return { id: user.id, username: user.username, role };
      tx.update(users).set({ role, isAdmin: role === "admin" }).where(eq(users.id, userId)).run();
      recordAudit(tx, { actor, action: "user.role", entityType: "user", entityId: userId, before: { role: before }, after: { role } });
      return { id: user.id, username: user.username, role };
    },
    { behavior: "immediate" },
  );
}

const claimFields = (b: typeof businesses.$inferSelect) => ({
  isClaimed: b.isClaimed,
  canBeClaimed: b.canBeClaimed,
  ownerId: b.ownerId,
  claimedAt: b.claimedAt ? b.claimedAt.toISOString() : null,
  employeeCount: b.employeeCount,
  vehicleCount: b.vehicleCount,
  driversLicense: b.driversLicenseUrl,
  licenseReviewStatus: b.licenseReviewStatus,
  autoRenew: b.autoRenew,
});

/**
 * Releases a claim: the business is unclaimed again and claimable, with a new live code (the
 * letter's code no longer works), and the former owner loses access (owner_id cleared). Its
 * payments and the uploaded licence file stay; the audit row keeps the former owner.
 */
export function releaseClaim(actor: NonNullable<AuditActor>, businessId: number, now = new Date()) {
  const db = getDb();
  return db.transaction(
    (tx) => {
      const business = tx.select().from(businesses).where(eq(businesses.id, businessId)).get();
      if (!business) throw new OperationError(404, "Business not found");
      if (!business.isClaimed) throw new OperationError(409, "This business is not claimed");
      const code = freshCode(liveCodes(tx));
      tx.update(businesses)
        .set({
          ...UNCLAIMED,
          verificationCode: code,
          licenseReviewStatus: null,
          licenseReviewReason: null,
          licenseReviewedAt: null,
        })
        .where(eq(businesses.id, businessId))
        .run();
      const after = tx.select().from(businesses).where(eq(businesses.id, businessId)).get()!;
      recordAudit(tx, {
        actor,
        action: "claim.release",
        entityType: "business",
        entityId: businessId,
        before: claimFields(business),
        after: { ...claimFields(after), codeReplaced: true },
        at: now,
      });
      return after;
    },
    { behavior: "immediate" },
  );
}

export type LicenseDecision = { status: "verified" } | { status: "rejected"; reason: string };

/** Marks a claim's uploaded licence verified, or rejected with a reason the owner sees. */
export function reviewLicense(actor: NonNullable<AuditActor>, businessId: number, decision: LicenseDecision, now = new Date()) {
  const db = getDb();
  return db.transaction(
    (tx) => {
      const business = tx.select().from(businesses).where(eq(businesses.id, businessId)).get();
      if (!business) throw new OperationError(404, "Business not found");
      if (!business.isClaimed || !business.driversLicenseUrl) throw new OperationError(409, "This business has no uploaded license to review");
      const reason = decision.status === "rejected" ? decision.reason : null;
      tx.update(businesses)
        .set({ licenseReviewStatus: decision.status, licenseReviewReason: reason, licenseReviewedAt: now })
        .where(eq(businesses.id, businessId))
        .run();
      recordAudit(tx, {
        actor,
        action: "license.review",
        entityType: "business",
        entityId: businessId,
        before: { status: business.licenseReviewStatus, reason: business.licenseReviewReason },
        after: { status: decision.status, reason },
        at: now,
      });
    },
    { behavior: "immediate" },
  );
}
