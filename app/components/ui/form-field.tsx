import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useMessage } from "~/lib/i18n-message";

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-600 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

/** The errors under a field; its id is what the input's aria-describedby points at. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const message = useMessage();
  const list = errors?.filter(Boolean).map((error) => message(error)) ?? [];
  if (list.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700 dark:text-red-300">
      {list.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** A labelled input with its errors (pass conform's getInputProps as inputProps). */
export function Field({
  label,
  inputProps,
  errors,
  errorId,
  hint,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string };
  errors?: string[] | null;
  errorId?: string;
  hint?: ReactNode;
}) {
  const { key, ...props } = inputProps;
  return (
    <div>
      <label htmlFor={props.id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input key={key} {...props} className={inputClass} />
      {hint ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TextFieldMeta = FieldMetadata<string | null | undefined, any, string[]>;

/** A Field for one conform field: its input props, errors and error id in one place. */
export function FieldFor({
  field,
  label,
  type = "text",
  autoComplete,
  autoFocus,
  hint,
}: {
  field: TextFieldMeta;
  label: ReactNode;
  type?: "text" | "email" | "password";
  autoComplete: string;
  autoFocus?: boolean;
  hint?: ReactNode;
}) {
  return (
    <Field
      label={label}
      inputProps={{ ...getInputProps(field, { type }), autoComplete, autoFocus }}
      errors={field.errors}
      errorId={field.errorId}
      hint={hint}
    />
  );
}

/** A labelled checkbox with its errors. */
export function CheckboxField({
  label,
  inputProps,
  errors,
  errorId,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string };
  errors?: string[] | null;
  errorId?: string;
}) {
  const { key, ...props } = inputProps;
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          key={key}
          {...props}
          type="checkbox"
          className="h-4 w-4 rounded border-slate-400 text-primary-700 focus:ring-primary-600"
        />
        <label htmlFor={props.id} className="text-sm">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A form-level message (e.g. 'Login failed'), visible without JavaScript. */
export function FormAlert({ id, title, messages }: { id?: string; title: string; messages?: string[] | null }) {
  const list = messages?.filter(Boolean) ?? [];
  if (list.length === 0) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{title}</p>
      {list.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
