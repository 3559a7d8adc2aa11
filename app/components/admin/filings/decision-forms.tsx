import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/form-field";
import type { FilingDecision } from "~/lib/filings/kinds";
import { FilingDecisionSchema, MAX_DECISION_MESSAGE_CHARS } from "~/lib/schemas/filing-decision";

/** What the page's action answers when a decision is refused. */
export type DecisionAnswer = { intent: FilingDecision | null; result: SubmissionResult<string[]>; error: string | null };

function useDecisionForm(intent: FilingDecision, answer: DecisionAnswer | undefined) {
  return useForm({
    id: `decision-${intent}`,
    lastResult: answer?.intent === intent ? answer.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: FilingDecisionSchema }),
  });
}

function MessageForm({
  intent,
  answer,
  heading,
  explanation,
  label,
  button,
  variant,
}: {
  intent: Exclude<FilingDecision, "approve">;
  answer: DecisionAnswer | undefined;
  heading: string;
  explanation: string;
  label: string;
  button: string;
  variant: "secondary" | "destructive";
}) {
  const { t } = useTranslation("admin");
  const [form, fields] = useDecisionForm(intent, answer);
  const busy = useNavigation().formData?.get("intent") === intent;
  return (
    <Form method="post" {...getFormProps(form)} className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
      <h3 className="font-semibold">{heading}</h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{explanation}</p>
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={fields.message.id} className="mb-1 mt-3 block text-sm font-medium">
        {label}
      </label>
      <textarea
        {...getTextareaProps(fields.message)}
        key={fields.message.key}
        rows={4}
        maxLength={MAX_DECISION_MESSAGE_CHARS}
        required
        className={inputClass}
      />
      <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
      <Button type="submit" variant={variant} className="mt-3" disabled={busy}>
        {busy ? t("filings.decision.sending") : button}
      </Button>
    </Form>
  );
}

/**
 * Approve, request changes, deny: three POST forms (intent + message) that work without
 * JavaScript; with it, a missing message is told before the form is sent.
 */
export function DecisionForms({ answer, approveNote }: { answer: DecisionAnswer | undefined; approveNote: string }) {
  const { t } = useTranslation("admin");
  const [approveForm] = useDecisionForm("approve", answer);
  const busy = useNavigation().formData?.get("intent") === "approve";
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-3">
      <Form method="post" {...getFormProps(approveForm)} className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
        <h3 className="font-semibold">{t("filings.decision.approve")}</h3>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{approveNote}</p>
        <input type="hidden" name="intent" value="approve" />
        <Button type="submit" className="mt-3" disabled={busy}>
          {busy ? t("filings.decision.approving") : t("filings.decision.approve")}
        </Button>
      </Form>
      <MessageForm
        intent="request-changes"
        answer={answer}
        heading={t("filings.decision.requestChanges")}
        explanation={t("filings.decision.requestChangesText")}
        label={t("filings.decision.messageLabel")}
        button={t("filings.decision.requestChanges")}
        variant="secondary"
      />
      <MessageForm
        intent="deny"
        answer={answer}
        heading={t("filings.decision.deny")}
        explanation={t("filings.decision.denyText")}
        label={t("filings.decision.reasonLabel")}
        button={t("filings.decision.deny")}
        variant="destructive"
      />
    </div>
  );
}
