import { getCollectionProps, getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ErrorList, FormAlert, inputClass } from "~/components/ui/form-field";
import type { AnswerContext } from "~/lib/filings/answers";
import { OWNERSHIPS, type AnswerName, type Answers, type FilingKind, type FilingStep } from "~/lib/filings/kinds";
import { FIELD_INFO, fieldHint, fieldLabel, HOME_BASED_LABELS } from "./fields";
import { useFilingMessage } from "./messages";
import { schemaFor, type StepIntent } from "./step-schema";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<string | undefined, any, string[]>;

/**
 * One step's answers as a real form: it posts to the step's page without JavaScript; with it,
 * conform checks the same zod schema first (the step's whole schema for "Save and continue",
 * only the formats for "Back") and Remix moves to the next step in place.
 */
export function AnswersStepForm({
  filingId,
  kind,
  step,
  answers,
  ctx,
  lastResult,
  hasPrevious,
  isLast,
}: {
  filingId: number;
  kind: FilingKind;
  step: FilingStep;
  answers: Answers;
  ctx: AnswerContext;
  lastResult?: SubmissionResult<string[]>;
  hasPrevious: boolean;
  isLast: boolean;
}) {
  const { t } = useTranslation("filings");
  const navigation = useNavigation();
  const action = `/filings/${filingId}/${step.slug}`;
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  const schemas = useMemo(() => ({ next: schemaFor(kind, step, ctx, "next"), back: schemaFor(kind, step, ctx, "back") }), [kind, step, ctx]);
  const [form, fields] = useForm({
    id: `filing-${filingId}-${step.slug}`,
    lastResult,
    defaultValue: Object.fromEntries(step.fields.map((name) => [name, answers[name] ?? ""])),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData, submitter }) {
      const intent: StepIntent = submitter?.getAttribute("value") === "back" ? "back" : "next";
      return parseWithZod(formData, { schema: schemas[intent] });
    },
  });
  const byName = fields as unknown as Record<AnswerName, Meta>;
  const errorCount = step.fields.filter((name) => byName[name]?.errors?.length).length;

  return (
    <Form method="post" action={action} className="mt-6 space-y-6" {...getFormProps(form)}>
      {lastResult?.status === "error" && errorCount > 0 ? (
        <FormAlert
          id={form.errorId}
          title={t("answers.attention")}
          messages={[errorCount === 1 ? t("answers.notSavedOne") : t("answers.notSavedMany", { count: errorCount })]}
        />
      ) : null}
      {step.fields.map((name) => (
        <AnswerField key={name} name={name} field={byName[name]} ctx={ctx} />
      ))}
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-slate-700">
        <Button type="submit" name="intent" value="next" disabled={busy}>
          {busy && navigation.formData?.get("intent") !== "back" ? t("answers.saving") : isLast ? t("answers.save") : t("answers.saveContinue")}
        </Button>
        {hasPrevious ? (
          <Button type="submit" name="intent" value="back" variant="outline" formNoValidate disabled={busy}>
            {t("step.back2")}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

function Hint({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
      {text}
    </p>
  );
}

const radioClass = "h-4 w-4 border-slate-400 text-primary-700 focus:ring-primary-600";

function AnswerField({ name, field, ctx }: { name: AnswerName; field: Meta; ctx: AnswerContext }) {
  const { t } = useTranslation("filings");
  const message = useFilingMessage();
  const info = FIELD_INFO[name];
  const hintId = `${field.id}-hint`;
  const hint = fieldHint(t, name, ctx);
  const label = fieldLabel(t, name);
  const errors = field.errors?.map(message);
  const describedBy = hint ? hintId : undefined;

  if (info.control === "radio") {
    const options: { value: string; label: string }[] =
      name === "ownership"
        ? OWNERSHIPS.map((o) => ({ value: o, label: t(`ownership.${o}`) }))
        : Object.keys(HOME_BASED_LABELS).map((value) => ({ value, label: t(`homeBased.${value}`) }));
    const inputs = getCollectionProps(field, { type: "radio", options: options.map((o) => o.value), ariaDescribedBy: describedBy });
    return (
      <fieldset>
        <legend className="text-sm font-medium">{label}</legend>
        <Hint id={hintId} text={hint} />
        <div className="mt-2 space-y-2">
          {inputs.map((props, i) => {
            const { key, ...rest } = props;
            return (
              <div key={key ?? props.value} className="flex items-center gap-2">
                <input {...rest} className={radioClass} />
                <label htmlFor={props.id} className="text-sm">
                  {options[i].label}
                </label>
              </div>
            );
          })}
        </div>
        <ErrorList id={field.errorId} errors={errors} />
      </fieldset>
    );
  }

  if (info.control === "select") {
    const { key, ...props } = getSelectProps(field, { ariaDescribedBy: describedBy });
    return (
      <div>
        <label htmlFor={field.id} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        <select key={key} {...props} className={inputClass}>
          <option value="">{t("fields.chooseActivity")}</option>
          {ctx.categories.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
              {c.needsStateLicense ? t("fields.licenceNeeded") : ""}
            </option>
          ))}
        </select>
        <Hint id={hintId} text={hint} />
        <ErrorList id={field.errorId} errors={errors} />
      </div>
    );
  }

  const { key, ...props } = getInputProps(field, { type: info.control, ariaDescribedBy: describedBy });
  const extra =
    info.control === "number"
      ? { min: 0, step: 1 }
      : info.control === "date"
        ? { max: ctx.today }
        : {};
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input key={key} {...props} {...extra} autoComplete={info.autoComplete} inputMode={info.inputMode} spellCheck={info.autoComplete === "off" ? false : undefined} className={inputClass} />
      <Hint id={hintId} text={hint} />
      <ErrorList id={field.errorId} errors={errors} />
    </div>
  );
}
