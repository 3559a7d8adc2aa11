import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage } from "~/components/admin/admin-page";
import { splitStepUp, StepUpForm } from "~/components/auth/step-up-form";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, FormAlert } from "~/components/ui/form-field";
import { formatLongDate } from "~/lib/dates";
import { centsToDecimal, formatCents } from "~/lib/fee";
import { translatedMeta } from "~/lib/meta";
import { FeeScheduleSchema } from "~/lib/schemas/fee-schedule";
import { dueDateOf, fiscalYearDates, fiscalYearName, fiscalYearOf, renewalChargeOn, renewalOpensOn } from "~/lib/tax-year";
import { getScheduleWithSource, listStoredSchedules, receiptsSold, saveSchedule, ScheduleLockedError } from "~/models/fee-schedule.server";
import { syncAllRenewalPrices } from "~/models/subscription.server";
import { now } from "~/utils/clock.server";
import { localReply } from "~/utils/auth-messages.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { requireAdmin } from "~/utils/session.server";
import { stepUpPrompt } from "~/utils/step-up.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["admin", "auth"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

/** The years an administrator may look at: stored ones, this year and the next two. */
function yearsOffered(current: number): number[] {
  const years = new Set([current, current + 1, current + 2, ...listStoredSchedules().map((s) => s.fiscalYear)]);
  return [...years].sort((a, b) => b - a);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { t, language } = await requestT(request, "admin");
  const longDate = (date: string) => formatLongDate(date, date, language);
  const current = fiscalYearOf(now());
  const requested = Number(new URL(request.url).searchParams.get("year"));
  const year = Number.isInteger(requested) && requested >= 2000 && requested <= 2200 ? requested : current + 1;
  const { schedule, source, copiedFrom } = getScheduleWithSource(year);
  const sold = receiptsSold(year);
  const { startsOn, endsOn } = fiscalYearDates(year);
  return {
    meta: pageMetaText(t, t("feeSchedule.metaTitle"), t("feeSchedule.description")),
    year,
    name: fiscalYearName(year),
    validity: t("feeSchedule.validity", { start: longDate(startsOn), end: longDate(endsOn) }),
    currentYear: current,
    years: yearsOffered(current).map((y) => ({ year: y, name: fiscalYearName(y), sold: receiptsSold(y) })),
    source,
    copiedFrom: copiedFrom ? fiscalYearName(copiedFrom) : null,
    locked: sold > 0,
    sold,
    dates: {
      opens: longDate(renewalOpensOn(schedule)),
      charge: longDate(renewalChargeOn(schedule)),
      due: longDate(dueDateOf(schedule)),
    },
    example: formatCents(schedule.baseCents + 3 * schedule.perEmployeeCents + 2 * schedule.perVehicleCents, language),
    defaults: {
      fiscalYear: String(year),
      base: centsToDecimal(schedule.baseCents),
      perEmployee: centsToDecimal(schedule.perEmployeeCents),
      perVehicle: centsToDecimal(schedule.perVehicleCents),
      firstMonthPenaltyPercent: String(schedule.firstMonthPenaltyPercent),
      furtherMonthPenaltyPercent: String(schedule.furtherMonthPenaltyPercent),
      penaltyCapPercent: String(schedule.penaltyCapPercent),
      neverReceiptedPenaltyApplies: schedule.neverReceiptedPenaltyApplies ? "on" : "",
      neverReceiptedPenaltyPercent: String(schedule.neverReceiptedPenaltyPercent),
      renewalOpens: schedule.renewalOpens,
      dueDay: schedule.dueDay,
      renewalCharge: schedule.renewalCharge,
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const { t } = await requestT(request, "admin");
  const submission = parseWithZod(formData, { schema: FeeScheduleSchema });
  if (submission.status !== "success") return data(localReply(t, submission.reply()), { status: 400 });
  // The fee schedule sets what every business pays: behind the step-up.
  const prompt = await stepUpPrompt(request, formData);
  if (prompt) return prompt;
  const v = submission.value;
  try {
    saveSchedule(
      {
        fiscalYear: v.fiscalYear,
        baseCents: v.base,
        perEmployeeCents: v.perEmployee,
        perVehicleCents: v.perVehicle,
        firstMonthPenaltyPercent: v.firstMonthPenaltyPercent,
        furtherMonthPenaltyPercent: v.furtherMonthPenaltyPercent,
        penaltyCapPercent: v.penaltyCapPercent,
        neverReceiptedPenaltyApplies: v.neverReceiptedPenaltyApplies,
        neverReceiptedPenaltyPercent: v.neverReceiptedPenaltyPercent,
        renewalOpens: v.renewalOpens,
        dueDay: v.dueDay,
        renewalCharge: v.renewalCharge,
      },
      admin,
    );
  } catch (error) {
    if (error instanceof ScheduleLockedError) return data(localReply(t, submission.reply({ formErrors: [t("feeSchedule.locked", { name: fiscalYearName(error.fiscalYear) })] })), { status: 409 });
    throw error;
  }
  // Auto-renewals not yet charged follow the new figures (their next invoice bills the new price).
  const updated = await syncAllRenewalPrices();
  return redirectWithToast(`/admin/fee-schedule?year=${v.fiscalYear}`, {
    title: t("feeSchedule.toasts.saved"),
    description: [
      t("feeSchedule.toasts.savedText", { name: fiscalYearName(v.fiscalYear) }),
      updated ? t(updated === 1 ? "feeSchedule.toasts.renewalsOne" : "feeSchedule.toasts.renewalsMany", { total: updated }) : "",
    ]
      .filter(Boolean)
      .join(" "),
  });
}

export default function FeeSchedulePage() {
  const d = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { stepUp, answer: lastResult } = splitStepUp(answered);
  const navigation = useNavigation();
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: `fee-schedule-${d.year}`,
    lastResult,
    constraint: getZodConstraint(FeeScheduleSchema),
    defaultValue: d.defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FeeScheduleSchema }),
  });
  const input = (field: (typeof fields)[keyof typeof fields], type: "text" | "number" = "text") => ({
    ...getInputProps(field, { type }),
    key: field.key,
    disabled: d.locked,
  });
  if (stepUp) {
    return (
      <AdminPage width="3xl" title={t("feeSchedule.title")}>
        <StepUpForm prompt={stepUp} cancelTo={`/admin/fee-schedule?year=${d.year}`} />
      </AdminPage>
    );
  }
  return (
    <AdminPage
      width="3xl"
      title={t("feeSchedule.title")}
      lead={t("feeSchedule.lead")}
    >
      <nav aria-label={t("feeSchedule.years")} className="my-6 flex flex-wrap gap-2 text-sm">
        {d.years.map((y) => (
          <Link
            key={y.year}
            to={`/admin/fee-schedule?year=${y.year}`}
            aria-current={y.year === d.year ? "page" : undefined}
            className={`rounded-md border px-3 py-1 ${y.year === d.year ? "border-primary-700 bg-primary-50 font-semibold text-slate-900 dark:bg-slate-800 dark:text-white" : "border-slate-300 dark:border-slate-600"}`}
          >
            {y.name}
            {y.year === d.currentYear ? ` ${t("feeSchedule.current")}` : ""}
          </Link>
        ))}
      </nav>
      <section aria-labelledby="year-heading" className="mb-6 rounded-md border border-slate-200 p-4 text-sm dark:border-slate-700">
        <h2 id="year-heading" className="text-lg font-semibold">
          {d.name}
        </h2>
        <p>{d.validity}</p>
        <p className="mt-1" data-testid="schedule-source">
          {d.source === "stored"
            ? t("feeSchedule.source.stored")
            : d.source === "copied"
              ? t("feeSchedule.source.copied", { name: d.copiedFrom })
              : t("feeSchedule.source.default")}{" "}
          {t("feeSchedule.sold", { total: d.sold })}
        </p>
        <p className="mt-1">
          {t("feeSchedule.dates", { opens: d.dates.opens, charge: d.dates.charge, due: d.dates.due })} {t("feeSchedule.example", { amount: d.example })}
        </p>
        {d.locked ? (
          <p role="status" className="mt-2 font-medium" data-testid="schedule-locked">
            {t("feeSchedule.locked", { name: d.name })}
          </p>
        ) : null}
      </section>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="fiscalYear" value={d.year} />
        <FormAlert id={form.errorId} title={t("feeSchedule.notSaved")} messages={form.errors} />
        <fieldset className="grid gap-4 sm:grid-cols-3" disabled={d.locked}>
          <legend className="mb-2 font-semibold">{t("feeSchedule.amounts")}</legend>
          <Field label={t("feeSchedule.fields.base")} inputProps={input(fields.base)} errors={fields.base.errors} errorId={fields.base.errorId} />
          <Field label={t("feeSchedule.fields.perEmployee")} inputProps={input(fields.perEmployee)} errors={fields.perEmployee.errors} errorId={fields.perEmployee.errorId} />
          <Field label={t("feeSchedule.fields.perVehicle")} inputProps={input(fields.perVehicle)} errors={fields.perVehicle.errors} errorId={fields.perVehicle.errorId} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-3" disabled={d.locked}>
          <legend className="mb-2 font-semibold">{t("feeSchedule.penalty")}</legend>
          <Field label={t("feeSchedule.fields.firstMonthPenaltyPercent")} inputProps={input(fields.firstMonthPenaltyPercent, "number")} errors={fields.firstMonthPenaltyPercent.errors} errorId={fields.firstMonthPenaltyPercent.errorId} />
          <Field label={t("feeSchedule.fields.furtherMonthPenaltyPercent")} inputProps={input(fields.furtherMonthPenaltyPercent, "number")} errors={fields.furtherMonthPenaltyPercent.errors} errorId={fields.furtherMonthPenaltyPercent.errorId} />
          <Field label={t("feeSchedule.fields.penaltyCapPercent")} inputProps={input(fields.penaltyCapPercent, "number")} errors={fields.penaltyCapPercent.errors} errorId={fields.penaltyCapPercent.errorId} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2" disabled={d.locked}>
          <legend className="mb-2 font-semibold">{t("feeSchedule.withoutReceipt")}</legend>
          <CheckboxField
            label={t("feeSchedule.fields.neverReceiptedPenaltyApplies")}
            inputProps={{ ...getInputProps(fields.neverReceiptedPenaltyApplies, { type: "checkbox" }), key: fields.neverReceiptedPenaltyApplies.key, disabled: d.locked }}
            errors={fields.neverReceiptedPenaltyApplies.errors}
            errorId={fields.neverReceiptedPenaltyApplies.errorId}
          />
          <Field label={t("feeSchedule.fields.neverReceiptedPenaltyPercent")} inputProps={input(fields.neverReceiptedPenaltyPercent, "number")} errors={fields.neverReceiptedPenaltyPercent.errors} errorId={fields.neverReceiptedPenaltyPercent.errorId} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-3" disabled={d.locked}>
          <legend className="mb-2 font-semibold">{t("feeSchedule.datesLegend")}</legend>
          <Field label={t("feeSchedule.fields.renewalOpens")} inputProps={input(fields.renewalOpens)} errors={fields.renewalOpens.errors} errorId={fields.renewalOpens.errorId} />
          <Field label={t("feeSchedule.fields.renewalCharge")} inputProps={input(fields.renewalCharge)} errors={fields.renewalCharge.errors} errorId={fields.renewalCharge.errorId} />
          <Field
            label={t("feeSchedule.fields.dueDay")}
            inputProps={input(fields.dueDay)}
            errors={fields.dueDay.errors}
            errorId={fields.dueDay.errorId}
            hint={t("feeSchedule.dueHint")}
          />
        </fieldset>
        {d.locked ? null : (
          <Button type="submit" disabled={navigation.state !== "idle"}>
            {navigation.state !== "idle" ? t("feeSchedule.saving") : t("feeSchedule.save", { name: d.name })}
          </Button>
        )}
      </Form>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
