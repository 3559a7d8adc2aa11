/**
 * Every message the service sends, as pure functions of their facts: subject, HTML and text
 * (app/mail/layout.ts). Amounts are integer cents; dates are shown as UTC calendar days.
 */
import { formatLongDate } from "~/lib/dates";
import { formatCents } from "~/lib/fee";
import { RESET_LINK_MINUTES } from "~/lib/password-reset";
import { renderLayout, type Block, type MailContext, type RenderedMail } from "./layout";

type Person = { firstName?: string | null; username: string };
type BusinessRef = { id: number; name: string; documentNumber: string };

const hello = (person: Person) => `Hello ${person.firstName?.trim() || person.username},`;

function mail(
  ctx: MailContext,
  subject: string,
  heading: string,
  person: Person,
  blocks: Block[],
  options: { footerNote?: string; headers?: Record<string, string> } = {},
): RenderedMail {
  const { html, text } = renderLayout(ctx, { subject, heading, greeting: hello(person), blocks, footerNote: options.footerNote });
  return { subject, html, text, headers: options.headers };
}


export function welcomeMail(ctx: MailContext, { user, verifyUrl }: { user: Person; verifyUrl: string }): RenderedMail {
  return mail(ctx, `Welcome to ${ctx.townName} Business Tax Receipts`, "Your account is ready", user, [
    { type: "p", text: `Your account (username ${user.username}) has been created. You can now claim your business with the code from the town's letter, pay its Business Tax Receipt online and keep your receipts in one place.` },
    { type: "p", text: "Please confirm that this email address is yours, so renewal reminders can reach you:" },
    { type: "button", label: "Confirm my email address", href: verifyUrl },
    { type: "small", text: "If you did not create this account, you can ignore this message." },
  ]);
}

export function verifyEmailMail(ctx: MailContext, { user, verifyUrl }: { user: Person; verifyUrl: string }): RenderedMail {
  return mail(ctx, "Confirm your email address", "Confirm your email address", user, [
    { type: "p", text: "Renewal reminders and notices are sent only to an address its owner has confirmed. Open this link to confirm this one:" },
    { type: "button", label: "Confirm my email address", href: verifyUrl },
    { type: "small", text: "The link works for 7 days. If you did not ask for this, you can ignore this message." },
  ]);
}

export function passwordResetMail(ctx: MailContext, { user, resetUrl }: { user: Person; resetUrl: string }): RenderedMail {
  return mail(ctx, "Reset your password", "Reset your password", user, [
    { type: "p", text: `Someone (hopefully you) asked to reset the password of the account ${user.username}. Choose a new password here:` },
    { type: "button", label: "Choose a new password", href: resetUrl },
    { type: "small", text: `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask for it, ignore this message: your password stays as it is.` },
  ]);
}

export function receiptMail(
  ctx: MailContext,
  {
    user,
    business,
    payment,
    receiptNumber,
  }: {
    user: Person;
    business: BusinessRef;
    payment: { id: number; amount: number; description: string; taxYear: number; taxCents: number; penaltyCents: number; createdAt: Date; kind: string };
    receiptNumber: string;
  },
): RenderedMail {
  const url = `${ctx.appUrl}/receipt/${payment.id}`;
  return mail(ctx, `Receipt ${receiptNumber}: ${formatCents(payment.amount)} for ${business.name}`, "Payment received", user, [
    { type: "p", text: `Thank you. Your ${payment.kind === "renewal" ? "automatic renewal" : "Business Tax Receipt"} payment has been received.` },
    {
      type: "facts",
      rows: [
        ["Receipt number", receiptNumber],
        ["Business", business.name],
        ["Document number", business.documentNumber],
        ["Description", payment.description],
        ["Fiscal year", `FY${payment.taxYear} (October 1, ${payment.taxYear - 1} to September 30, ${payment.taxYear})`],
        ["Date", formatLongDate(payment.createdAt)],
        ...(payment.penaltyCents > 0
          ? ([
              ["Business tax", formatCents(payment.taxCents)],
              ["Late penalty", formatCents(payment.penaltyCents)],
            ] as [string, string][])
          : []),
        ["Amount paid", formatCents(payment.amount)],
      ],
    },
    { type: "button", label: "View or print the receipt", href: url },
    { type: "small", text: "The receipt is attached as a PDF." },
  ]);
}

export function claimConfirmationMail(ctx: MailContext, { user, business, feeCents }: { user: Person; business: BusinessRef; feeCents: number }): RenderedMail {
  return mail(ctx, `You have claimed ${business.name}`, "Business claimed", user, [
    { type: "p", text: `${business.name} (document number ${business.documentNumber}) is now linked to your account.` },
    { type: "p", text: `Its Business Tax Receipt fee is ${formatCents(feeCents)}. You can pay it online:` },
    { type: "button", label: "Pay the Business Tax Receipt", href: `${ctx.appUrl}/payment/${business.id}` },
    { type: "small", text: `If you did not claim this business, contact the ${ctx.townName} Business Tax Receipt office at once.` },
  ]);
}

export function renewalFailedMail(
  ctx: MailContext,
  { user, business, amountCents }: { user: Person; business: BusinessRef; amountCents: number | null },
): RenderedMail {
  return mail(ctx, `Renewal payment failed for ${business.name}`, "Your automatic renewal payment failed", user, [
    {
      type: "p",
      text: `We could not charge your card${amountCents ? ` ${formatCents(amountCents)}` : ""} for the Business Tax Receipt renewal of ${business.name}. Please update your card or pay the renewal manually.`,
    },
    { type: "button", label: "Manage the renewal", href: `${ctx.appUrl}/business/${business.id}/subscription` },
  ]);
}

/** Reminders and notices carry the one-click unsubscribe link (RFC 8058) in headers and text. */
function reminderOptions(unsubscribeUrl: string) {
  return {
    footerNote: `You receive renewal reminders as the owner of this business. Stop them: ${unsubscribeUrl}`,
    headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

export type ReminderFacts = {
  user: Person;
  business: BusinessRef;
  /** "FY2027" */
  fiscalYear: string;
  /** Calendar date, yyyy-MM-dd. */
  dueDate: string;
  /** What is owed (or will be charged), penalties included, in cents. */
  amountCents: number;
  penaltyCents: number;
  unsubscribeUrl: string;
};

export function renewalReminderMail(ctx: MailContext, facts: ReminderFacts & { stage: "window-open" | "two-weeks" }): RenderedMail {
  const due = formatLongDate(facts.dueDate);
  const subject =
    facts.stage === "window-open"
      ? `Renew the Business Tax Receipt of ${facts.business.name} for ${facts.fiscalYear}`
      : `Two weeks left: renew ${facts.business.name} by ${due}`;
  return mail(
    ctx,
    subject,
    facts.stage === "window-open" ? "Renewal is open" : "Your renewal is due in two weeks",
    facts.user,
    [
      { type: "p", text: `The Business Tax Receipt of ${facts.business.name} for ${facts.fiscalYear} can be renewed now. It is due by ${due}; after that, Florida law adds a delinquency penalty.` },
      { type: "facts", rows: [["Business", facts.business.name], ["Fiscal year", facts.fiscalYear], ["Due date", due], ["Amount", formatCents(facts.amountCents)]] },
      { type: "button", label: "Renew now", href: `${ctx.appUrl}/payment/${facts.business.id}` },
    ],
    reminderOptions(facts.unsubscribeUrl),
  );
}

export function autoChargeUpcomingMail(ctx: MailContext, facts: ReminderFacts & { chargeDate: string }): RenderedMail {
  const on = formatLongDate(facts.chargeDate);
  return mail(
    ctx,
    `${formatCents(facts.amountCents)} will be charged on ${on} for ${facts.business.name}`,
    "Your automatic renewal is coming up",
    facts.user,
    [
      { type: "p", text: `On ${on} your card will be charged ${formatCents(facts.amountCents)} to renew the Business Tax Receipt of ${facts.business.name} for ${facts.fiscalYear}. Nothing else to do.` },
      { type: "button", label: "Manage the renewal", href: `${ctx.appUrl}/business/${facts.business.id}/subscription` },
    ],
    reminderOptions(facts.unsubscribeUrl),
  );
}

export function delinquencyNoticeMail(
  ctx: MailContext,
  facts: ReminderFacts & { monthLabel: string },
): RenderedMail {
  const total = facts.amountCents;
  return mail(
    ctx,
    `Delinquent: the Business Tax Receipt of ${facts.business.name} is unpaid (${facts.monthLabel})`,
    "Your Business Tax Receipt is delinquent",
    facts.user,
    [
      { type: "p", text: `The Business Tax Receipt of ${facts.business.name} for ${facts.fiscalYear} was due by ${formatLongDate(facts.dueDate)} and is unpaid. Florida law (s. 205.053) adds a delinquency penalty for each month it stays unpaid.` },
      {
        type: "facts",
        rows: [
          ["Business tax", formatCents(facts.amountCents - facts.penaltyCents)],
          ["Penalty owed", formatCents(facts.penaltyCents)],
          ["Total due now", formatCents(total)],
        ],
      },
      { type: "button", label: "Pay now", href: `${ctx.appUrl}/payment/${facts.business.id}` },
    ],
    reminderOptions(facts.unsubscribeUrl),
  );
}

/** Staff decided on a filing (issue 40): approved, changes requested (with what to change), or denied (with why). */
export function filingDecisionMail(
  ctx: MailContext,
  { user, filingId, kindLabel, subjectName, decision, message }: {
    user: Person;
    filingId: number;
    kindLabel: string;
    subjectName: string;
    decision: "approve" | "request-changes" | "deny";
    message: string | null;
  },
): RenderedMail {
  const what = `${kindLabel} for ${subjectName}`;
  const link = { type: "button" as const, label: "Open the filing", href: `${ctx.appUrl}/filings/${filingId}` };
  const said = message ? [{ type: "facts" as const, rows: [["Message from the town", message]] as [string, string][] }] : [];
  if (decision === "approve") {
    return mail(ctx, `Approved: ${what}`, "Your filing is approved", user, [
      { type: "p", text: `The ${ctx.townName} Business Tax Receipt office approved your ${what.charAt(0).toLowerCase() + what.slice(1)}.` },
      ...said,
      link,
    ]);
  }
  if (decision === "request-changes") {
    return mail(ctx, `Changes requested: ${what}`, "The town asks for changes", user, [
      { type: "p", text: `The ${ctx.townName} Business Tax Receipt office reviewed your ${what.charAt(0).toLowerCase() + what.slice(1)} and asks you to change something before it can be approved.` },
      ...said,
      { type: "p", text: "Open the filing, make the changes and submit it again:" },
      link,
    ]);
  }
  return mail(ctx, `Denied: ${what}`, "Your filing was denied", user, [
    { type: "p", text: `The ${ctx.townName} Business Tax Receipt office denied your ${what.charAt(0).toLowerCase() + what.slice(1)}.` },
    ...said,
    link,
    { type: "small", text: `Questions? Write to ${ctx.supportEmail} or call ${ctx.supportPhone}.` },
  ]);
}

/** A transfer was approved: the buyer now owns the business and its receipt; the seller no longer does. */
export function transferCompletedMail(
  ctx: MailContext,
  { user, business, role }: { user: Person; business: BusinessRef; role: "buyer" | "seller" },
): RenderedMail {
  if (role === "buyer") {
    return mail(ctx, `${business.name} is now yours`, "Business transferred to you", user, [
      { type: "p", text: `${business.name} (${business.documentNumber}) and its Business Tax Receipt for this year now belong to your account.` },
      { type: "button", label: "Open the business", href: `${ctx.appUrl}/business/${business.id}` },
      { type: "small", text: "Automatic renewal is off: turn it on from the business's page if you want it." },
    ]);
  }
  return mail(ctx, `${business.name} was transferred`, "Transfer approved", user, [
    { type: "p", text: `${business.name} (${business.documentNumber}) and its receipt now belong to the buyer. Its automatic renewal on your card is cancelled.` },
    { type: "small", text: `If you did not sell this business, contact the ${ctx.townName} Business Tax Receipt office at once.` },
  ]);
}

/** Something changed how the account signs in: the owner hears of it, so a stranger's change is noticed. */
export type SecurityEvent =
  | { kind: "factor-added"; factor: string }
  | { kind: "factor-removed"; factor: string }
  | { kind: "recovery-code-used"; left: number }
  | { kind: "new-device"; device: string; at: string };

export function securityNoticeMail(ctx: MailContext, { user, event }: { user: Person; event: SecurityEvent }): RenderedMail {
  const notYou = { type: "small" as const, text: `If this was not you, change your password at once from your profile (${ctx.appUrl}/profile?tab=password) and write to ${ctx.supportEmail}.` };
  const profile = { type: "button" as const, label: "Review your sign-in security", href: `${ctx.appUrl}/profile/security` };
  switch (event.kind) {
    case "factor-added":
      return mail(ctx, "A second factor was added to your account", "Second factor added", user, [
        { type: "p", text: `${event.factor} was added to the account ${user.username}. Signing in now asks for it after the password.` },
        profile,
        notYou,
      ]);
    case "factor-removed":
      return mail(ctx, "A second factor was removed from your account", "Second factor removed", user, [
        { type: "p", text: `${event.factor} was removed from the account ${user.username}.` },
        profile,
        notYou,
      ]);
    case "recovery-code-used":
      return mail(ctx, "A recovery code was used to sign in", "Recovery code used", user, [
        { type: "p", text: `A recovery code of the account ${user.username} was used to sign in. It cannot be used again; ${event.left} ${event.left === 1 ? "code is" : "codes are"} left.` },
        profile,
        notYou,
      ]);
    case "new-device":
      return mail(ctx, "New sign-in to your account", "A sign-in from a new device", user, [
        { type: "p", text: `The account ${user.username} was signed in to from a device it had not used before.` },
        { type: "facts", rows: [["Device", event.device], ["When", event.at]] },
        profile,
        notYou,
      ]);
  }
}
