import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { splitStepUp, StepUpForm } from "~/components/auth/step-up-form";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, FormAlert } from "~/components/ui/form-field";
import { centsToDecimal, formatCents } from "~/lib/fee";
import { FeeScheduleSchema } from "~/lib/schemas/fee-schedule";
import { dueDateOf, fiscalYearName, fiscalYearOf, longDate, renewalChargeOn, renewalOpensOn, validityText } from "~/lib/tax-year";
import { getScheduleWithSource, listStoredSchedules, receiptsSold, saveSchedule, ScheduleLockedError } from "~/models/fee-schedule.server";
import { syncAllRenewalPrices } from "~/models/subscription.server";
import { now } from "~/utils/clock.server";
import { requireAdmin } from "~/utils/session.server";
import { stepUpPrompt } from "~/utils/step-up.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Fee schedule | Admin | Florida Business Registry" }];

/** The years an administrator may look at: stored ones, this year and the next two. */
function yearsOffered(current: number): number[] {
  const years = new Set([current, current + 1, current + 2, ...listStoredSchedules().map((s) => s.fiscalYear)]);
  return [...years].sort((a, b) => b - a);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const current = fiscalYearOf(now());
  const requested = Number(new URL(request.url).searchParams.get("year"));
  const year = Number.isInteger(requested) && requested >= 2000 && requested <= 2200 ? requested : current + 1;
  const { schedule, source, copiedFrom } = getScheduleWithSource(year);
  const sold = receiptsSold(year);
  return {
    year,
    name: fiscalYearName(year),
    validity: validityText(year),
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
    example: formatCents(schedule.baseCents + 3 * schedule.perEmployeeCents + 2 * schedule.perVehicleCents),
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
  const submission = parseWithZod(formData, { schema: FeeScheduleSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
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
    if (error instanceof ScheduleLockedError) return data(submission.reply({ formErrors: [error.message] }), { status: 409 });
    throw error;
  }
  // Auto-renewals not yet charged follow the new figures (their next invoice bills the new price).
  const updated = await syncAllRenewalPrices();
  return redirectWithToast(`/admin/fee-schedule?year=${v.fiscalYear}`, {
    title: "Fee Schedule Saved",
    description: `The fee schedule for ${fiscalYearName(v.fiscalYear)} has been saved.${updated ? ` ${updated} auto-renewal${updated === 1 ? "" : "s"} will charge the new amount.` : ""}`,
  });
}

export default function FeeSchedulePage() {
  const d = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { stepUp, answer: lastResult } = splitStepUp(answered);
  const navigation = useNavigation();
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
      <AdminPage width="3xl" title="Fee schedule">
        <StepUpForm prompt={stepUp} cancelTo={`/admin/fee-schedule?year=${d.year}`} />
      </AdminPage>
    );
  }
  return (
    <AdminPage
      width="3xl"
      title="Fee schedule"
      lead="The Local Business Tax for each fiscal year (F.S. chapter 205). A year without its own schedule copies the last one; a year whose receipts have started selling can no longer be changed."
    >
      <nav aria-label="Fiscal years" className="my-6 flex flex-wrap gap-2 text-sm">
        {d.years.map((y) => (
          <Link
            key={y.year}
            to={`/admin/fee-schedule?year=${y.year}`}
            aria-current={y.year === d.year ? "page" : undefined}
            className={`rounded-md border px-3 py-1 ${y.year === d.year ? "border-primary-700 bg-primary-50 font-semibold text-slate-900 dark:bg-slate-800 dark:text-white" : "border-slate-300 dark:border-slate-600"}`}
          >
            {y.name}
            {y.year === d.currentYear ? " (current)" : ""}
          </Link>
        ))}
      </nav>
      <section aria-labelledby="year-heading" className="mb-6 rounded-md border border-slate-200 p-4 text-sm dark:border-slate-700">
        <h2 id="year-heading" className="text-lg font-semibold">
          {d.name}
        </h2>
        <p>{d.validity}</p>
        <p className="mt-1" data-testid="schedule-source">
          {d.source === "stored" ? "Saved schedule." : d.source === "copied" ? `Copied from ${d.copiedFrom} until saved.` : "The default schedule until saved."}{" "}
          Receipts sold: {d.sold}.
        </p>
        <p className="mt-1">
          On sale from {d.dates.opens}; auto-renewals charge on {d.dates.charge}; due by {d.dates.due}. Example: 3 employees and 2 vehicles pay {d.example}.
        </p>
        {d.locked ? (
          <p role="status" className="mt-2 font-medium" data-testid="schedule-locked">
            Receipts for {d.name} have already been sold: its fee schedule can no longer be changed.
          </p>
        ) : null}
      </section>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="fiscalYear" value={d.year} />
        <FormAlert id={form.errorId} title="The schedule was not saved" messages={form.errors} />
        <fieldset className="grid gap-4 sm:grid-cols-3" disabled={d.locked}>
          <legend className="mb-2 font-semibold">Amounts (dollars)</legend>
          <Field label="Base fee" inputProps={input(fields.base)} errors={fields.base.errors} errorId={fields.base.errorId} />
          <Field label="Per employee" inputProps={input(fields.perEmployee)} errors={fields.perEmployee.errors} errorId={fields.perEmployee.errorId} />
          <Field label="Per vehicle" inputProps={input(fields.perVehicle)} errors={fields.perVehicle.errors} errorId={fields.perVehicle.errorId} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-3" disabled={d.locked}>
          <legend className="mb-2 font-semibold">Late penalty (F.S. 205.053(1), percent of the tax)</legend>
          <Field label="October" inputProps={input(fields.firstMonthPenaltyPercent, "number")} errors={fields.firstMonthPenaltyPercent.errors} errorId={fields.firstMonthPenaltyPercent.errorId} />
          <Field label="Each further month" inputProps={input(fields.furtherMonthPenaltyPercent, "number")} errors={fields.furtherMonthPenaltyPercent.errors} errorId={fields.furtherMonthPenaltyPercent.errorId} />
          <Field label="At most" inputProps={input(fields.penaltyCapPercent, "number")} errors={fields.penaltyCapPercent.errors} errorId={fields.penaltyCapPercent.errorId} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2" disabled={d.locked}>
          <legend className="mb-2 font-semibold">Operating without a receipt (F.S. 205.053(3))</legend>
          <CheckboxField
            label="Charge the penalty to a business that never held a receipt"
            inputProps={{ ...getInputProps(fields.neverReceiptedPenaltyApplies, { type: "checkbox" }), key: fields.neverReceiptedPenaltyApplies.key, disabled: d.locked }}
            errors={fields.neverReceiptedPenaltyApplies.errors}
            errorId={fields.neverReceiptedPenaltyApplies.errorId}
          />
          <Field label="Penalty (percent)" inputProps={input(fields.neverReceiptedPenaltyPercent, "number")} errors={fields.neverReceiptedPenaltyPercent.errors} errorId={fields.neverReceiptedPenaltyPercent.errorId} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-3" disabled={d.locked}>
          <legend className="mb-2 font-semibold">Dates (MM-DD, the year before the fiscal year ends)</legend>
          <Field label="Sales open" inputProps={input(fields.renewalOpens)} errors={fields.renewalOpens.errors} errorId={fields.renewalOpens.errorId} />
          <Field label="Auto-renewal charge" inputProps={input(fields.renewalCharge)} errors={fields.renewalCharge.errors} errorId={fields.renewalCharge.errorId} />
          <Field
            label="Due date"
            inputProps={input(fields.dueDay)}
            errors={fields.dueDay.errors}
            errorId={fields.dueDay.errorId}
            hint="Moved to the next working day when it falls on a weekend or a Florida legal holiday."
          />
        </fieldset>
        {d.locked ? null : (
          <Button type="submit" disabled={navigation.state !== "idle"}>
            {navigation.state !== "idle" ? "Saving…" : `Save ${d.name} schedule`}
          </Button>
        )}
      </Form>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
