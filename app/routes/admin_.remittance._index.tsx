import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionError, AdminPage, AdminSection, adminLinkClass as linkClass } from "~/components/admin/admin-page";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { splitStepUp, StepUpForm } from "~/components/auth/step-up-form";
import { StatementLines, StatementTotals } from "~/components/admin/statement-view";
import { Button } from "~/components/ui/button";
import { FilterForm, FilterInput } from "~/components/admin/filter-form";
import { ErrorList } from "~/components/ui/form-field";
import { formatCents } from "~/lib/fee";
import { useFormat } from "~/lib/hooks/use-format";
import { translatedMeta } from "~/lib/meta";
import { roleOf } from "~/lib/roles";
import { ClosePeriodSchema, localFieldErrors, RemittancePeriodSchema } from "~/lib/schemas/payment-ops";
import { OperationError } from "~/models/admin/operations.server";
import { closePeriod, listRemittances, openStatement, proposedPeriod, townToday } from "~/models/remittance.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { requireAdmin, requireStaff } from "~/utils/session.server";
import { staffRefusal } from "~/utils/staff-messages.server";
import { stepUpPrompt } from "~/utils/step-up.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["admin", "auth"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

/** Staff see what is to be remitted for a period (a month by default) and the closed statements. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const asked = params.has("from") || params.has("to");
  const parsed = asked ? RemittancePeriodSchema.safeParse({ from: params.get("from") ?? undefined, to: params.get("to") ?? undefined }) : null;
  const period = parsed?.success ? parsed.data : proposedPeriod();
  const statement = openStatement(period);
  const { t } = await requestT(request, "admin");
  const body = {
    meta: pageMetaText(t, t("remittance.title"), t("remittance.description")),
    isAdmin: roleOf(user) === "admin",
    today: townToday(),
    period,
    periodErrors: parsed && !parsed.success ? localFieldErrors(t, parsed.error) : {},
    statement,
    closed: listRemittances().map((r) => ({
      id: r.id,
      from: r.periodFrom,
      to: r.periodTo,
      remittedOn: r.remittedOn,
      reference: r.reference,
      netCents: r.netCents,
      paymentCount: r.paymentCount,
    })),
  };
  return data(body, { status: parsed && !parsed.success ? 400 : 200 });
}

/** Closing a period is an administrator's act (a clerk gets 403), behind the step-up. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const form = await request.formData();
  const { t, language } = await requestT(request, "admin");
  const parsed = ClosePeriodSchema.safeParse({
    from: form.get("from") ?? undefined,
    to: form.get("to") ?? undefined,
    remittedOn: form.get("remittedOn") ?? undefined,
    reference: form.get("reference") ?? undefined,
  });
  if (!parsed.success) return data({ error: null, fieldErrors: localFieldErrors(t, parsed.error) }, { status: 400 });
  const prompt = await stepUpPrompt(request, form);
  if (prompt) return prompt;
  try {
    const statement = await closePeriod(user, parsed.data);
    return redirectWithToast(`/admin/remittance/${statement.id}`, {
      title: t("remittance.toasts.closed.title"),
      description: t("remittance.toasts.closed.description", { id: statement.id, amount: formatCents(statement.totals.netCents, language) }),
    });
  } catch (error) {
    if (error instanceof OperationError) return data({ error: staffRefusal(t, error.message), fieldErrors: {} }, { status: error.status });
    throw error;
  }
}


export default function Remittance() {
  const { isAdmin, today, period, periodErrors, statement, closed } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { stepUp, answer: actionData } = splitStepUp(answered);
  const errors: Record<string, string[] | undefined> = actionData?.fieldErrors ?? {};
  const pe: Record<string, string[] | undefined> = periodErrors;
  const { t } = useTranslation("admin");
  const { longDate, money } = useFormat();
  const title = t("remittance.heading");
  if (stepUp) {
    return (
      <AdminPage title={title}>
        <StepUpForm prompt={stepUp} cancelTo={`/admin/remittance?${new URLSearchParams(period)}`} />
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title={title}
      lead={t("remittance.lead")}
    >
      <FilterForm label={t("remittance.period")} className="mt-6 flex flex-wrap items-end gap-3 text-sm">
        <FilterInput id="from" name="from" type="date" label={t("remittance.firstDay")} defaultValue={period.from} errors={pe.from ?? []} />
        <FilterInput id="to" name="to" type="date" label={t("remittance.lastDay")} defaultValue={period.to} errors={pe.to ?? []} />
        <Button type="submit" variant="outline">
          {t("remittance.show")}
        </Button>
        <a href={`/api/admin/remittance?from=${period.from}&to=${period.to}&format=csv`} className={linkClass} download>
          {t("remittance.collectedCsv")}
        </a>
      </FilterForm>

      <AdminSection id="open" title={t("remittance.toRemit", { from: longDate(period.from), to: longDate(period.to) })} className="mt-8">
        <StatementTotals totals={statement.totals} />
        <StatementLines lines={statement.lines} caption={t("remittance.toRemitCaption")} />
      </AdminSection>

      {/* Shown even when the lines are gone (another administrator closed the period meanwhile). */}
      <ActionError error={actionData?.error} />
      {isAdmin && statement.lines.length > 0 ? (
        <AdminSection id="close" title={t("remittance.close.heading")} className="mt-8">
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-3 text-sm">
            <input type="hidden" name="from" value={period.from} />
            <input type="hidden" name="to" value={period.to} />
            <FilterInput id="remittedOn" name="remittedOn" type="date" label={t("remittance.close.remittedOn")} defaultValue={today} errors={errors.remittedOn ?? []} />
            <FilterInput id="reference" name="reference" label={t("remittance.close.reference")} maxLength={100} errors={errors.reference ?? []} />
            <Button type="submit">{t("remittance.close.submit")}</Button>
          </Form>
          <ErrorList errors={[...(errors.from ?? []), ...(errors.to ?? [])]} />
        </AdminSection>
      ) : null}

      <AdminSection id="closed" title={t("remittance.closed.heading")}>
        <DataTable
          caption={t("remittance.closed.caption")}
          headers={["statement", "period", "remittedOn", "reference", "payments", "net"].map((key) => t(`remittance.closed.headers.${key}`))}
          rowCount={closed.length}
          empty={t("remittance.closed.empty")}
        >
          {closed.map((r) => (
            <tr key={r.id}>
              <td className={cellClass}>
                <Link to={`/admin/remittance/${r.id}`} className={linkClass}>
                  #{r.id}
                </Link>
              </td>
              <td className={cellClass}>
                {t("remittance.closed.span", { from: r.from, to: r.to })}
              </td>
              <td className={cellClass}>{r.remittedOn}</td>
              <td className={cellClass}>{r.reference}</td>
              <td className={cellClass}>{r.paymentCount}</td>
              <td className={cellClass}>{money(r.netCents)}</td>
            </tr>
          ))}
        </DataTable>
      </AdminSection>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
