/**
 * Queues the renewal reminders, upcoming-charge notices and delinquency notices that are due
 * (rules: ~/lib/reminders.ts on ~/lib/tax-year.ts). Owners get them only at a confirmed address
 * and unless they said no (mail-preferences.server.ts); each message is queued under its unique
 * key, so the job can run any number of times, from any number of processes.
 */
import { and, eq, isNotNull, sql, isNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, outbox, users } from "~/db/schema";
import { fiscalYearName } from "~/lib/tax-year";
import { plannedReminders, type PlannedReminder } from "~/lib/reminders";
import { mailContext } from "~/mail/context.server";
import type { RenderedMail } from "~/mail/layout";
import { autoChargeUpcomingMail, delinquencyNoticeMail, noticeMonthLabel, renewalReminderMail, type ReminderFacts } from "~/mail/messages";
import { mailLanguage } from "~/lib/translate.server";
import { getSchedule } from "./fee-schedule.server";
import { unsubscribeUrl } from "./mail-events.server";
import { wantsReminders } from "./mail-preferences.server";
import { enqueueMail } from "./outbox.server";
import { receiptYearsOf } from "./receipt.server";

const NOT_LIVE = ["canceled", "incomplete", "incomplete_expired"];

function render(plan: PlannedReminder, facts: ReminderFacts): RenderedMail {
  const ctx = mailContext();
  switch (plan.kind) {
    case "renewal-window":
      return renewalReminderMail(ctx, { ...facts, stage: "window-open" });
    case "renewal-two-weeks":
      return renewalReminderMail(ctx, { ...facts, stage: "two-weeks" });
    case "auto-charge":
      return autoChargeUpcomingMail(ctx, { ...facts, chargeDate: plan.date });
    case "delinquency":
      return delinquencyNoticeMail(ctx, { ...facts, monthLabel: noticeMonthLabel(plan.month!, mailLanguage(facts.user)) });
  }
}

export type ReminderReport = { businesses: number; queued: number; alreadySent: number; notWanted: number };

export function queueDueReminders(now: Date): ReminderReport {
  const db = getDb();
  const rows = db
    .select({ business: businesses, owner: users })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.ownerId))
    // A closed business (an approved closing) owes no more receipts: no reminders, no notices.
    .where(and(eq(businesses.isClaimed, true), isNotNull(businesses.ownerId), isNull(businesses.closedOn)))
    .all();
  const report: ReminderReport = { businesses: rows.length, queued: 0, alreadySent: 0, notWanted: 0 };
  const years = new Map<number, number[]>();
  for (let i = 0; i < rows.length; i += 500) {
    for (const [id, ys] of receiptYearsOf(rows.slice(i, i + 500).map((r) => r.business.id))) years.set(id, ys);
  }
  const sent = db.$client.prepare("SELECT 1 FROM outbox WHERE dedupe_key = ?").pluck();
  for (const { business, owner } of rows) {
    const plans = plannedReminders(
      {
        businessId: business.id,
        receiptYears: years.get(business.id) ?? [],
        employeeCount: business.employeeCount,
        vehicleCount: business.vehicleCount,
        autoRenew: Boolean(business.stripeSubscriptionId) && business.autoRenew && !NOT_LIVE.includes(business.subscriptionStatus ?? ""),
        renewalDate: business.renewalDate,
      },
      now,
      getSchedule,
    );
    for (const plan of plans) {
      if (sent.get(plan.key)) {
        report.alreadySent++;
        continue;
      }
      // Read at once before queueing: a "stop reminders" a moment ago is honoured.
      const current = db.select().from(users).where(eq(users.id, owner.id)).get();
      if (!current || !wantsReminders(current)) {
        report.notWanted++;
        continue;
      }
      const facts: ReminderFacts = {
        user: current,
        business,
        fiscalYear: fiscalYearName(plan.fiscalYear),
        dueDate: plan.date,
        amountCents: plan.amountCents,
        penaltyCents: plan.penaltyCents,
        unsubscribeUrl: unsubscribeUrl(current.id),
      };
      const id = db.transaction((tx) =>
        enqueueMail(tx, {
          kind: plan.kind,
          dedupeKey: plan.key,
          to: current.email,
          userId: current.id,
          businessId: business.id,
          // The outbox keeps real time (when to send); `now` only decides what is due.
          mail: render(plan, facts),
        }),
      );
      if (id === null) report.alreadySent++;
      else report.queued++;
    }
  }
  return report;
}

/** Reminders queued for a business (tests and the admin page). */
export function remindersFor(businessId: number) {
  return getDb()
    .select({ kind: outbox.kind, key: outbox.dedupeKey })
    .from(outbox)
    .where(and(eq(outbox.businessId, businessId), sql`${outbox.kind} in ('renewal-window','renewal-two-weeks','auto-charge','delinquency')`))
    .all();
}
