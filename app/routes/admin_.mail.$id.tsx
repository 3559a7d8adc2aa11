import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage, AdminSection } from "~/components/admin/admin-page";
import { formatTownTime } from "~/lib/dates";
import { translatedMeta } from "~/lib/meta";
import { getOutboxRow } from "~/models/outbox.server";
import { parseId } from "~/utils/http";
import { readDeliveredCopy } from "~/services/mail-store.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { requireAdmin } from "~/utils/session.server";

export const handle = { i18n: ["admin"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

/**
 * One message as its recipient sees it: the copy the local SMTP server received, parsed with
 * mailparser (HTML in a sandboxed frame, the text part, attachments). With a real SMTP_URL there
 * is no local copy; the page then shows the message as queued.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { t, language } = await requestT(request, "admin");
  const id = parseId(params.id);
  const row = id === null ? undefined : getOutboxRow(id);
  if (!row) throw data("Message not found", { status: 404 });
  const delivered = await readDeliveredCopy(row.messageId);
  return {
    meta: pageMetaText(t, t("mail.message.metaTitle"), t("mail.message.description")),
    message: {
      id: row.id,
      kind: row.kind,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      smtpResponse: row.smtpResponse,
      toAddress: row.toAddress,
      subject: row.subject,
      messageId: row.messageId,
      createdAt: formatTownTime(row.createdAt, language),
      sentAt: row.sentAt ? formatTownTime(row.sentAt, language) : null,
    },
    view: delivered ?? { copies: 0, html: row.html, text: row.text, attachments: [], headers: [], from: "", to: row.toAddress, subject: row.subject, date: null, file: null },
  };
}

export default function AdminMailMessage() {
  const { message, view } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <AdminPage width="5xl" back={{ to: "/admin/mail", label: `← ${t("mail.title")}` }} title={view.subject}>
      <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t("mail.message.to")}</dt>
        <dd>{view.to}</dd>
        {view.from ? (
          <>
            <dt className="font-semibold">{t("mail.message.from")}</dt>
            <dd>{view.from}</dd>
          </>
        ) : null}
        <dt className="font-semibold">{t("mail.message.status")}</dt>
        <dd>
          {t(`mail.statuses.${message.status}`)}, {message.attempts === 1 ? t("mail.message.attemptOne") : t("mail.message.attemptsMany", { total: message.attempts })}
          {message.sentAt ? `, ${t("mail.message.accepted", { when: message.sentAt })}` : ""}
          {message.smtpResponse ? ` (${message.smtpResponse})` : ""}
        </dd>
        {message.lastError && message.status !== "sent" ? (
          <>
            <dt className="font-semibold">{t("mail.message.lastError")}</dt>
            <dd className="text-red-800 dark:text-red-300">{message.lastError}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Message-ID</dt>
        <dd className="break-all">{message.messageId}</dd>
        {view.headers.map((h) => (
          <div key={h.name} className="contents">
            <dt className="font-semibold">{h.name}</dt>
            <dd className="break-all">{h.value}</dd>
          </div>
        ))}
        <dt className="font-semibold">{t("mail.message.receivedCopy")}</dt>
        <dd data-testid="received-copies">
          {view.copies === 0
            ? t("mail.message.noCopy")
            : view.copies === 1
              ? t("mail.message.receivedOnce")
              : t("mail.message.receivedMany", { total: view.copies })}
        </dd>
      </dl>

      {view.html ? (
        <AdminSection id="html-heading" title={t("mail.message.htmlPart")} className="mt-8" headingClassName="text-lg font-semibold">
          {/* No scripts, no same-origin, no forms: the message is shown, never run. */}
          <iframe
            title={t("mail.message.htmlPartOf", { subject: view.subject })}
            sandbox=""
            srcDoc={view.html}
            className="mt-2 h-[36rem] w-full rounded-lg border border-slate-300 bg-white dark:border-slate-600"
          />
        </AdminSection>
      ) : null}

      {view.text ? (
        <AdminSection id="text-heading" title={t("mail.message.textPart")} className="mt-8" headingClassName="text-lg font-semibold">
          <pre data-testid="text-part" className="mt-2 overflow-x-auto whitespace-pre-wrap rounded-lg border border-slate-300 p-4 text-sm dark:border-slate-600">
            {view.text}
          </pre>
        </AdminSection>
      ) : null}

      <AdminSection id="attachments-heading" title={t("mail.message.attachments")} className="mt-8" headingClassName="text-lg font-semibold">
        {view.attachments.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("mail.message.none")}</p>
        ) : (
          <ul className="mt-2 list-disc pl-6 text-sm">
            {view.attachments.map((a, i) => (
              <li key={i}>
                <a href={`/admin/mail/${message.id}/attachments/${i}`} download={a.filename} className="text-primary-700 underline dark:text-primary-100">
                  {a.filename}
                </a>{" "}
                ({a.contentType}, {Math.ceil(a.size / 1024)} KB)
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
