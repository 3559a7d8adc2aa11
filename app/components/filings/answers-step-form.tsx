import { getCollectionProps, getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { Button } from "~/components/ui/button";
import { ErrorList, FormAlert, inputClass } from "~/components/ui/form-field";
import type { AnswerContext } from "~/lib/filings/answers";
import { OWNERSHIP_LABELS, OWNERSHIPS, type AnswerName, type Answers, type FilingKind, type FilingStep } from "~/lib/filings/kinds";
import { FIELD_INFO, HOME_BASED_LABELS } from "./fields";
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
          title="Some answers need your attention"
          messages={[`${errorCount === 1 ? "One answer was" : `${errorCount} answers were`} not saved: correct ${errorCount === 1 ? "it" : "them"} below. Your other answers are saved.`]}
        />
      ) : null}
      {step.fields.map((name) => (
        <AnswerField key={name} name={name} field={byName[name]} ctx={ctx} />
      ))}
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-slate-700">
        <Button type="submit" name="intent" value="next" disabled={busy}>
          {busy && navigation.formData?.get("intent") !== "back" ? "Saving..." : isLast ? "Save" : "Save and continue"}
        </Button>
        {hasPrevious ? (
          <Button type="submit" name="intent" value="back" variant="outline" formNoValidate disabled={busy}>
            Back
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
  const info = FIELD_INFO[name];
  const hintId = `${field.id}-hint`;
  const hint = info.hint?.(ctx);
  const describedBy = hint ? hintId : undefined;

  if (info.control === "radio") {
    const options: { value: string; label: string }[] =
      name === "ownership"
        ? OWNERSHIPS.map((o) => ({ value: o, label: OWNERSHIP_LABELS[o] }))
        : Object.entries(HOME_BASED_LABELS).map(([value, label]) => ({ value, label }));
    const inputs = getCollectionProps(field, { type: "radio", options: options.map((o) => o.value), ariaDescribedBy: describedBy });
    return (
      <fieldset>
        <legend className="text-sm font-medium">{info.label}</legend>
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
        <ErrorList id={field.errorId} errors={field.errors} />
      </fieldset>
    );
  }

  if (info.control === "select") {
    const { key, ...props } = getSelectProps(field, { ariaDescribedBy: describedBy });
    return (
      <div>
        <label htmlFor={field.id} className="mb-1 block text-sm font-medium">
          {info.label}
        </label>
        <select key={key} {...props} className={inputClass}>
          <option value="">Choose an activity</option>
          {ctx.categories.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
              {c.needsStateLicense ? " (state licence needed)" : ""}
            </option>
          ))}
        </select>
        <Hint id={hintId} text={hint} />
        <ErrorList id={field.errorId} errors={field.errors} />
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
        {info.label}
      </label>
      <input key={key} {...props} {...extra} autoComplete={info.autoComplete} inputMode={info.inputMode} spellCheck={info.autoComplete === "off" ? false : undefined} className={inputClass} />
      <Hint id={hintId} text={hint} />
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
