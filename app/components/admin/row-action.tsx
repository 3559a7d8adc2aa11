import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";

/**
 * One action on one row of an admin table (reissue a letter, send a message again): a small POST
 * form to the page's action with the row's hidden fields, and a button whose accessible name
 * says which row (`rowName`, read by screen readers only), since every row has the same button.
 */
export function RowAction({
  fields,
  label,
  rowName,
  variant = "outline",
  className,
  buttonClassName,
}: {
  fields: Record<string, string | number>;
  label: ReactNode;
  rowName: ReactNode;
  variant?: "outline" | "ghost";
  className?: string;
  buttonClassName?: string;
}) {
  return (
    <Form method="post" className={className}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} className={buttonClassName}>
        {label}
        <span className="sr-only"> {rowName}</span>
      </Button>
    </Form>
  );
}
