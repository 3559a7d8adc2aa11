import type { ReactNode } from "react";

/** One card of /profile/security: a titled section (h2) with an optional one-line description. */
export function SecuritySection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-lg border border-slate-200 p-6 dark:border-slate-700">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{description}</p> : null}
      {children}
    </section>
  );
}
