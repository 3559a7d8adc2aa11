/**
 * Every message the service sends, as pure functions of their facts: subject, HTML and text
 * (app/mail/layout.ts). Amounts are integer cents; dates are shown as UTC calendar days.
 * Each message is in its recipient's saved language (`users.language`, English when unset;
 * issue 42): the texts are the `mail` namespace's, the dates and money formatted in it.
 */
import type { TFunction } from "i18next";
import { formatLongDate } from "~/lib/dates";
import { formatCents } from "~/lib/fee";
import { LANGUAGE_LOCALES, type Language } from "~/lib/languages";
import { RESET_LINK_MINUTES } from "~/lib/password-reset";
import { fixedT, mailLanguage } from "~/lib/translate.server";
import { renderLayout, type Block, type MailContext, type RenderedMail } from "./layout";

/** The recipient; `language` is users.language (null or absent: English). */
type Person = { firstName?: string | null; username: string; language?: string | null };
type BusinessRef = { id: number; name: string; documentNumber: string };

/** The recipient's language, a t() of the mail namespace in it, and money and dates in it. */
function speak(person: Person) {
  const language: Language = mailLanguage(person);
  const t = fixedT(language, "mail");
  return {
    language,
    t,
    money: (cents: number) => formatCents(cents, language),
    date: (value: Date | string) => formatLongDate(value, "", language),
  };
}

const hello = (t: TFunction, person: Person) => t("layout.hello", { name: person.firstName?.trim() || person.username });

function mail(
  ctx: MailContext,
  subject: string,
  heading: string,
  person: Person,
  blocks: Block[],
  options: { footerNote?: string; headers?: Record<string, string> } = {},
): RenderedMail {
  const { language, t } = speak(person);
  const { html, text } = renderLayout(ctx, { subject, heading, greeting: hello(t, person), blocks, footerNote: options.footerNote, language });
  return { subject, html, text, headers: options.headers };
}


export function welcomeMail(ctx: MailContext, { user, verifyUrl }: { user: Person; verifyUrl: string }): RenderedMail {
  const { t } = speak(user);
  return mail(ctx, t("welcome.subject", { townName: ctx.townName }), t("welcome.heading"), user, [
    { type: "p", text: t("welcome.created", { username: user.username }) },
    { type: "p", text: t("welcome.confirmPlease") },
    { type: "button", label: t("confirmButton"), href: verifyUrl },
    { type: "small", text: t("welcome.notYou") },
  ]);
}

export function verifyEmailMail(ctx: MailContext, { user, verifyUrl }: { user: Person; verifyUrl: string }): RenderedMail {
  const { t } = speak(user);
  return mail(ctx, t("verifyEmail.subject"), t("verifyEmail.heading"), user, [
    { type: "p", text: t("verifyEmail.intro") },
    { type: "button", label: t("confirmButton"), href: verifyUrl },
    { type: "small", text: t("verifyEmail.validity") },
  ]);
}

export function passwordResetMail(ctx: MailContext, { user, resetUrl }: { user: Person; resetUrl: string }): RenderedMail {
  const { t } = speak(user);
  return mail(ctx, t("passwordReset.subject"), t("passwordReset.heading"), user, [
    { type: "p", text: t("passwordReset.intro", { username: user.username }) },
    { type: "button", label: t("passwordReset.button"), href: resetUrl },
    { type: "small", text: t("passwordReset.validity", { minutes: RESET_LINK_MINUTES }) },
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
  const { t, money, date } = speak(user);
  const url = `${ctx.appUrl}/receipt/${payment.id}`;
  const fiscalYear = t("receipt.fiscalYearValue", {
    year: payment.taxYear,
    from: date(`${payment.taxYear - 1}-10-01`),
    to: date(`${payment.taxYear}-09-30`),
  });
  return mail(ctx, t("receipt.subject", { number: receiptNumber, amount: money(payment.amount), business: business.name }), t("receipt.heading"), user, [
    { type: "p", text: payment.kind === "renewal" ? t("receipt.thanksRenewal") : t("receipt.thanks") },
    {
      type: "facts",
      rows: [
        [t("labels.receiptNumber"), receiptNumber],
        [t("labels.business"), business.name],
        [t("labels.documentNumber"), business.documentNumber],
        [t("labels.description"), payment.description],
        [t("labels.fiscalYear"), fiscalYear],
        [t("labels.date"), date(payment.createdAt)],
        ...(payment.penaltyCents > 0
          ? ([
              [t("labels.businessTax"), money(payment.taxCents)],
              [t("labels.latePenalty"), money(payment.penaltyCents)],
            ] as [string, string][])
          : []),
        [t("labels.amountPaid"), money(payment.amount)],
      ],
    },
    { type: "button", label: t("receipt.button"), href: url },
    { type: "small", text: t("receipt.attached") },
  ]);
}

export function claimConfirmationMail(ctx: MailContext, { user, business, feeCents }: { user: Person; business: BusinessRef; feeCents: number }): RenderedMail {
  const { t, money } = speak(user);
  return mail(ctx, t("claim.subject", { business: business.name }), t("claim.heading"), user, [
    { type: "p", text: t("claim.linked", { business: business.name, documentNumber: business.documentNumber }) },
    { type: "p", text: t("claim.fee", { fee: money(feeCents) }) },
    { type: "button", label: t("claim.button"), href: `${ctx.appUrl}/payment/${business.id}` },
    { type: "small", text: t("claim.notYou", { townName: ctx.townName }) },
  ]);
}

export function renewalFailedMail(
  ctx: MailContext,
  { user, business, amountCents }: { user: Person; business: BusinessRef; amountCents: number | null },
): RenderedMail {
  const { t, money } = speak(user);
  return mail(ctx, t("renewalFailed.subject", { business: business.name }), t("renewalFailed.heading"), user, [
    {
      type: "p",
      text: amountCents ? t("renewalFailed.textAmount", { amount: money(amountCents), business: business.name }) : t("renewalFailed.text", { business: business.name }),
    },
    { type: "button", label: t("manageRenewal"), href: `${ctx.appUrl}/business/${business.id}/subscription` },
  ]);
}

/** Reminders and notices carry the one-click unsubscribe link (RFC 8058) in headers and text. */
function reminderOptions(t: TFunction, unsubscribeUrl: string) {
  return {
    footerNote: t("reminder.footer", { url: unsubscribeUrl }),
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
  const { t, money, date } = speak(facts.user);
  const due = date(facts.dueDate);
  const business = facts.business.name;
  const subject =
    facts.stage === "window-open"
      ? t("reminder.openSubject", { business, fiscalYear: facts.fiscalYear })
      : t("reminder.twoWeeksSubject", { business, due });
  return mail(
    ctx,
    subject,
    facts.stage === "window-open" ? t("reminder.openHeading") : t("reminder.twoWeeksHeading"),
    facts.user,
    [
      { type: "p", text: t("reminder.text", { business, fiscalYear: facts.fiscalYear, due }) },
      { type: "facts", rows: [[t("labels.business"), business], [t("labels.fiscalYear"), facts.fiscalYear], [t("labels.dueDate"), due], [t("labels.amount"), money(facts.amountCents)]] },
      { type: "button", label: t("reminder.button"), href: `${ctx.appUrl}/payment/${facts.business.id}` },
    ],
    reminderOptions(t, facts.unsubscribeUrl),
  );
}

export function autoChargeUpcomingMail(ctx: MailContext, facts: ReminderFacts & { chargeDate: string }): RenderedMail {
  const { t, money, date } = speak(facts.user);
  const on = date(facts.chargeDate);
  const amount = money(facts.amountCents);
  return mail(
    ctx,
    t("autoCharge.subject", { amount, date: on, business: facts.business.name }),
    t("autoCharge.heading"),
    facts.user,
    [
      { type: "p", text: t("autoCharge.text", { date: on, amount, business: facts.business.name, fiscalYear: facts.fiscalYear }) },
      { type: "button", label: t("manageRenewal"), href: `${ctx.appUrl}/business/${facts.business.id}/subscription` },
    ],
    reminderOptions(t, facts.unsubscribeUrl),
  );
}

/** "November 2026" / "noviembre de 2026": the month of a delinquency notice (`month` is yyyy-MM). */
export function noticeMonthLabel(month: string, language: Language): string {
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
}

export function delinquencyNoticeMail(
  ctx: MailContext,
  facts: ReminderFacts & { monthLabel: string },
): RenderedMail {
  const { t, money, date } = speak(facts.user);
  const total = facts.amountCents;
  return mail(
    ctx,
    t("delinquency.subject", { business: facts.business.name, month: facts.monthLabel }),
    t("delinquency.heading"),
    facts.user,
    [
      { type: "p", text: t("delinquency.text", { business: facts.business.name, fiscalYear: facts.fiscalYear, due: date(facts.dueDate) }) },
      {
        type: "facts",
        rows: [
          [t("labels.businessTax"), money(facts.amountCents - facts.penaltyCents)],
          [t("labels.penaltyOwed"), money(facts.penaltyCents)],
          [t("labels.totalDueNow"), money(total)],
        ],
      },
      { type: "button", label: t("delinquency.button"), href: `${ctx.appUrl}/payment/${facts.business.id}` },
    ],
    reminderOptions(t, facts.unsubscribeUrl),
  );
}

type FilingKindKey = "new-business" | "transfer" | "change-location" | "close-business";

/** Staff decided on a filing (issue 40): approved, changes requested (with what to change), or denied (with why). */
export function filingDecisionMail(
  ctx: MailContext,
  { user, filingId, kind, kindLabel, subjectName, decision, message }: {
    user: Person;
    filingId: number;
    /** The filing's kind: its name in the recipient's language. Without it, `kindLabel` as given. */
    kind?: FilingKindKey;
    kindLabel: string;
    /** The business the filing is about; null: "your business", in the recipient's language. */
    subjectName: string | null;
    decision: "approve" | "request-changes" | "deny";
    message: string | null;
  },
): RenderedMail {
  const { t } = speak(user);
  const what = t("filing.what", { kind: kind ? t(`filing.kinds.${kind}`) : kindLabel, subject: subjectName ?? t("filing.yourBusiness") });
  const lowered = what.charAt(0).toLowerCase() + what.slice(1);
  const link = { type: "button" as const, label: t("filing.button"), href: `${ctx.appUrl}/filings/${filingId}` };
  const said = message ? [{ type: "facts" as const, rows: [[t("labels.messageFromTown"), message]] as [string, string][] }] : [];
  if (decision === "approve") {
    return mail(ctx, t("filing.approvedSubject", { what }), t("filing.approvedHeading"), user, [
      { type: "p", text: t("filing.approvedText", { townName: ctx.townName, what: lowered }) },
      ...said,
      link,
    ]);
  }
  if (decision === "request-changes") {
    return mail(ctx, t("filing.changesSubject", { what }), t("filing.changesHeading"), user, [
      { type: "p", text: t("filing.changesText", { townName: ctx.townName, what: lowered }) },
      ...said,
      { type: "p", text: t("filing.changesHow") },
      link,
    ]);
  }
  return mail(ctx, t("filing.deniedSubject", { what }), t("filing.deniedHeading"), user, [
    { type: "p", text: t("filing.deniedText", { townName: ctx.townName, what: lowered }) },
    ...said,
    link,
    { type: "small", text: t("filing.questions", { email: ctx.supportEmail, phone: ctx.supportPhone }) },
  ]);
}

/** A transfer was approved: the buyer now owns the business and its receipt; the seller no longer does. */
export function transferCompletedMail(
  ctx: MailContext,
  { user, business, role }: { user: Person; business: BusinessRef; role: "buyer" | "seller" },
): RenderedMail {
  const { t } = speak(user);
  const names = { business: business.name, documentNumber: business.documentNumber };
  if (role === "buyer") {
    return mail(ctx, t("transfer.buyerSubject", names), t("transfer.buyerHeading"), user, [
      { type: "p", text: t("transfer.buyerText", names) },
      { type: "button", label: t("transfer.buyerButton"), href: `${ctx.appUrl}/business/${business.id}` },
      { type: "small", text: t("transfer.buyerAutoRenew") },
    ]);
  }
  return mail(ctx, t("transfer.sellerSubject", names), t("transfer.sellerHeading"), user, [
    { type: "p", text: t("transfer.sellerText", names) },
    { type: "small", text: t("transfer.sellerNotYou", { townName: ctx.townName }) },
  ]);
}

/** Something changed how the account signs in: the owner hears of it, so a stranger's change is noticed. */
export type SecurityEvent =
  | { kind: "factor-added"; factor: string }
  | { kind: "factor-removed"; factor: string }
  | { kind: "recovery-code-used"; left: number }
  | { kind: "new-device"; device: string; at: string };

/**
 * The factor's name in the recipient's language. The callers name it in English ("An
 * authenticator app", `The passkey "<name>"`, models/mfa); another name is shown as given.
 */
function factorName(t: TFunction, factor: string): string {
  if (factor === "An authenticator app") return t("security.authenticatorApp");
  const passkey = /^The passkey "(.*)"$/s.exec(factor);
  return passkey ? t("security.passkey", { name: passkey[1] }) : factor;
}

/** The sign-in's time ("November 15, 2026 at 14:05 UTC", as utils/sign-in writes it) in the recipient's language. */
function whenText(t: TFunction, language: Language, at: string): string {
  const match = /^([A-Z][a-z]+ \d{1,2}, \d{4}) at (\d{2}:\d{2}) UTC$/.exec(at);
  const day = match ? new Date(`${match[1]} 00:00 UTC`) : null;
  if (!match || !day || Number.isNaN(day.getTime())) return at;
  return t("security.deviceWhen", { date: formatLongDate(day, "", language), time: match[2] });
}

export function securityNoticeMail(ctx: MailContext, { user, event }: { user: Person; event: SecurityEvent }): RenderedMail {
  const { t, language } = speak(user);
  const notYou = { type: "small" as const, text: t("security.notYou", { url: `${ctx.appUrl}/profile?tab=password`, email: ctx.supportEmail }) };
  const profile = { type: "button" as const, label: t("security.button"), href: `${ctx.appUrl}/profile/security` };
  switch (event.kind) {
    case "factor-added":
      return mail(ctx, t("security.addedSubject"), t("security.addedHeading"), user, [
        { type: "p", text: t("security.addedText", { factor: factorName(t, event.factor), username: user.username }) },
        profile,
        notYou,
      ]);
    case "factor-removed":
      return mail(ctx, t("security.removedSubject"), t("security.removedHeading"), user, [
        { type: "p", text: t("security.removedText", { factor: factorName(t, event.factor), username: user.username }) },
        profile,
        notYou,
      ]);
    case "recovery-code-used":
      return mail(ctx, t("security.recoverySubject"), t("security.recoveryHeading"), user, [
        { type: "p", text: t(event.left === 1 ? "security.recoveryTextOne" : "security.recoveryTextOther", { username: user.username, left: event.left }) },
        profile,
        notYou,
      ]);
    case "new-device":
      return mail(ctx, t("security.deviceSubject"), t("security.deviceHeading"), user, [
        { type: "p", text: t("security.deviceText", { username: user.username }) },
        { type: "facts", rows: [[t("labels.device"), event.device], [t("labels.when"), whenText(t, language, event.at)]] },
        profile,
        notYou,
      ]);
  }
}
