/**
 * The step-up prompt (issue 41): a staff action that moves money or power answered 403 with
 * `{ stepUp }` (~/utils/step-up.server) because this session has not passed its second factor
 * lately. This asks for the code and sends the same form again, its fields carried as hidden
 * inputs, so the action carries on with exactly what was typed. A plain POST to the same route:
 * it works without JavaScript; with it, the code box takes the focus when the prompt appears
 * and again after a wrong code.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PasskeyStepUpButton } from "~/components/auth/passkey-buttons";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/form-field";
import { useAnswerKey } from "~/lib/hooks/use-answer-key";
import type { MfaMethod } from "~/lib/schemas/mfa";

/** The form field names of ~/utils/step-up.server (kept in step; that module is server-only). */
const STEP_UP_CODE = "stepUpCode";

/** What a page action's `stepUp` answer holds (StepUpPromptData["stepUp"]). */
export type StepUpPrompt = {
  /** The submitted form's fields, sent again with the code. */
  fields: [string, string][];
  methods: MfaMethod[];
  error: string | null;
};

/** Narrows a route's action data to its step-up prompt, if that is what it is. */
export function stepUpOf(answer: unknown): StepUpPrompt | null {
  if (!answer || typeof answer !== "object" || !("stepUp" in answer)) return null;
  return (answer as { stepUp: StepUpPrompt }).stepUp;
}

/** An action's answer split in two: the step-up prompt, or the page's own answer (the other shapes). */
export function splitStepUp<T>(answer: T | undefined): { stepUp: StepUpPrompt | null; answer: Exclude<T, { stepUp: unknown }> | undefined } {
  const stepUp = stepUpOf(answer);
  return { stepUp, answer: stepUp ? undefined : (answer as Exclude<T, { stepUp: unknown }> | undefined) };
}

export function StepUpForm({
  prompt,
  cancelTo,
  headingLevel = 2,
  passkeySlot,
}: {
  prompt: StepUpPrompt;
  /** Where "Cancel" goes (the page as it was, nothing done); no link when unset. */
  cancelTo?: string;
  /** 2 inside a page that has its own h1; 1 when the prompt is the page (/step-up). */
  headingLevel?: 1 | 2;
  /**
   * PASSKEY SLOT: the passkeys' "Use a passkey" button goes here. It is rendered inside the form,
   * after the code's button: a passkey button puts its assertion (JSON) in a hidden
   * `stepUpPasskey` input and submits this form, so the carried fields go with it.
   */
  passkeySlot?: ReactNode;
}) {
  // The page's route lists "auth" in its handle.i18n (issue 42).
  const { t } = useTranslation("auth");
  const id = useId();
  const headingId = `${id}-heading`;
  const codeId = `${id}-code`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.has(STEP_UP_CODE) === true;
  const takesCodes = prompt.methods.includes("totp") || prompt.methods.includes("recovery");

  // Each answer is a new prompt object: a new, empty code box (autoFocus puts the cursor in it).
  const codeKey = useAnswerKey(prompt);

  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 max-w-xl rounded-md border border-amber-300 bg-amber-50 p-5 text-slate-900 dark:border-amber-700 dark:bg-slate-900 dark:text-slate-100"
      data-testid="step-up"
    >
      <Heading id={headingId} className={headingLevel === 1 ? "text-3xl font-bold" : "text-xl font-semibold"}>
        {t("stepUp.heading")}
      </Heading>
      <p className="mt-2 text-sm">{t(headingLevel === 1 ? "stepUp.introPage" : "stepUp.introAction")}</p>
      {prompt.error ? (
        <p id={errorId} role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {prompt.error}
        </p>
      ) : null}
      <Form method="post" className="mt-4 space-y-4">
        {prompt.fields.map(([name, value], i) => (
          <input key={`${i}-${name}`} type="hidden" name={name} value={value} />
        ))}
        {takesCodes ? (
          <>
            <div>
              <label htmlFor={codeId} className="mb-1 block text-sm font-medium">
                {t("stepUp.code")}
              </label>
              <input
                key={codeKey}
                id={codeId}
                name={STEP_UP_CODE}
                type="text"
                autoComplete="one-time-code"
                autoCapitalize="off"
                spellCheck={false}
                autoFocus
                required
                maxLength={40}
                className={`${inputClass} max-w-xs`}
                aria-invalid={prompt.error ? true : undefined}
                aria-describedby={prompt.error ? `${hintId} ${errorId}` : hintId}
              />
              <p id={hintId} className="mt-1 text-xs text-slate-700 dark:text-slate-300">
                {t("stepUp.hint")}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={busy}>
                {t("stepUp.submit")}
              </Button>
              {cancelTo ? (
                <Link to={cancelTo} className="text-sm font-medium text-primary-700 underline dark:text-primary-100">
                  {t("stepUp.cancel")}
                </Link>
              ) : null}
            </div>
          </>
        ) : (
          <p className="text-sm">{t("stepUp.passkeyOnly")}</p>
        )}
        {/* PASSKEY SLOT (issue 41, passkeys): "Use a passkey" goes here. */}
        {passkeySlot ?? <PasskeyStepUpButton methods={prompt.methods} />}
        {!takesCodes && cancelTo ? (
          <Link to={cancelTo} className="text-sm font-medium text-primary-700 underline dark:text-primary-100">
            {t("stepUp.cancel")}
          </Link>
        ) : null}
      </Form>
    </section>
  );
}
