import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/lib/i18n-message";
import { Button, ButtonLink } from "~/components/ui/button";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { ClaimSchema, LICENSE_ACCEPT } from "~/lib/schemas/claim";
import { toast } from "~/lib/toast-store";

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-600 aria-[invalid=true]:border-red-700 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100";

function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const message = useMessage();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700 dark:text-red-300">
      {errors.map((error) => (
        <li key={error}>{message(error)}</li>
      ))}
    </ul>
  );
}

function Field({
  field,
  label,
  hint,
  children,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={field.descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** JavaScript only: without it the code field is a plain input. */
function CopyCodeButton({ value }: { value: string }) {
  const hydrated = useHydrated();
  const { t } = useTranslation("claim");
  if (!hydrated) return null;
  async function copy() {
    try {
      if (!value) throw new Error("Nothing to copy");
      await navigator.clipboard.writeText(value);
      toast({ title: "claim:toast.copiedTitle", description: "claim:toast.copiedDescription" });
    } catch {
      toast({
        title: "claim:toast.copyFailedTitle",
        description: value ? "claim:toast.copyFailedDescription" : "claim:toast.copyEmptyDescription",
        variant: "destructive",
      });
    }
  }
  return (
    <Button variant="outline" onClick={copy} className="mt-1 shrink-0" aria-label={t("form.copyLabel")}>
      {t("form.copy")}
    </Button>
  );
}

/**
 * The claim form: a real multipart form (works without JavaScript); with JavaScript conform runs
 * the same zod schema in the browser first.
 */
export function ClaimForm({
  businessId,
  lastResult,
  lockedMessage,
}: {
  businessId: number;
  lastResult?: SubmissionResult<string[]>;
  /** Set when too many wrong codes have locked this user out of this business for now. */
  lockedMessage?: string | null;
}) {
  const navigation = useNavigation();
  const { t } = useTranslation("claim");
  const message = useMessage();
  const submitting = navigation.state === "submitting" && navigation.formAction === `/claim/${businessId}`;
  const [form, fields] = useForm({
    id: "claim-form",
    lastResult,
    constraint: getZodConstraint(ClaimSchema),
    defaultValue: { employeeCount: "0", vehicleCount: "0", verificationCode: "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: ClaimSchema });
    },
  });

  return (
    <Form
      method="post"
      action={`/claim/${businessId}`}
      encType="multipart/form-data"
      className="mt-8 space-y-6"
      {...getFormProps(form)}
    >
      {form.errors?.length || lockedMessage ? (
        <div
          role="alert"
          id={form.errorId}
          className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {form.errors?.length ? form.errors.map((error) => message(error)).join(" ") : lockedMessage}
        </div>
      ) : null}

      <div className="grid gap-6 sm:grid-cols-2">
        <Field field={fields.employeeCount} label={t("form.employees")}>
          <input
            {...getInputProps(fields.employeeCount, { type: "number" })}
            min={0}
            step={1}
            inputMode="numeric"
            className={inputClass}
          />
        </Field>
        <Field field={fields.vehicleCount} label={t("form.vehicles")}>
          <input
            {...getInputProps(fields.vehicleCount, { type: "number" })}
            min={0}
            step={1}
            inputMode="numeric"
            className={inputClass}
          />
        </Field>
      </div>

      <Field
        field={fields.verificationCode}
        label={t("form.code")}
        hint={t("form.codeHint")}
      >
        <div className="flex gap-2">
          <input
            {...getInputProps(fields.verificationCode, { type: "text", ariaDescribedBy: fields.verificationCode.descriptionId })}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            className={`${inputClass} font-mono tracking-widest`}
          />
          <CopyCodeButton value={fields.verificationCode.value ?? ""} />
        </div>
      </Field>

      <Field
        field={fields.driversLicenseFile}
        label={t("form.license")}
        hint={t("form.licenseHint")}
      >
        <input
          {...getInputProps(fields.driversLicenseFile, { type: "file", ariaDescribedBy: fields.driversLicenseFile.descriptionId })}
          accept={LICENSE_ACCEPT}
          className="mt-1 block w-full text-sm file:mr-4 file:rounded-md file:border file:border-slate-400 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900 dark:file:bg-slate-800 dark:file:text-slate-100"
        />
      </Field>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={submitting}>
          {submitting ? t("form.submitting") : t("form.submit")}
        </Button>
        <ButtonLink to={`/business/${businessId}`} variant="outline">
          {t("form.cancel")}
        </ButtonLink>
      </div>
    </Form>
  );
}
