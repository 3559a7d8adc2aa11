import { Form } from "@remix-run/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { ErrorList, inputClass } from "~/components/ui/form-field";

/**
 * A GET form that filters an admin list: the filters travel in the query string, so a filtered
 * list is a link, works without JavaScript, and its CSV link can carry the same query.
 */
export function FilterForm({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <Form method="get" className={className} aria-label={label}>
      {children}
    </Form>
  );
}

function Labelled({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A labelled select whose first option ("Any …", value "") means no filter. */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  anyLabel,
  options,
}: {
  id: string;
  name: string;
  label: ReactNode;
  defaultValue?: string;
  /** The no-filter option's text; without it the options stand alone. */
  anyLabel?: string;
  options: readonly (string | { value: string; label: string })[];
}) {
  return (
    <Labelled id={id} label={label}>
      <select id={id} name={name} defaultValue={defaultValue ?? ""} className={inputClass}>
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        {options.map((o) => {
          const { value, label: text } = typeof o === "string" ? { value: o, label: o } : o;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </Labelled>
  );
}

/**
 * A labelled input (text, search, date). With `errors` (even an empty list) the input points at
 * its error list by aria-describedby, so an error the server finds is read with the field.
 */
export function FilterInput({
  id,
  label,
  errors,
  ...input
}: { id: string; name: string; label: ReactNode; errors?: string[] } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">) {
  const errorId = `${id}-errors`;
  return (
    <Labelled id={id} label={label}>
      <input id={id} {...input} className={inputClass} aria-describedby={errors ? errorId : undefined} />
      {errors ? <ErrorList id={errorId} errors={errors} /> : null}
    </Labelled>
  );
}
