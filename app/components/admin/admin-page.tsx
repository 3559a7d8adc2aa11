import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { StaffNav } from "./staff-nav";

/** The link style of the admin pages (underlined, AA contrast in both themes). */
export const adminLinkClass = "font-medium text-primary-700 underline hover:text-primary-800 dark:text-primary-100";

const widths = { "3xl": "max-w-3xl", "5xl": "max-w-5xl", "7xl": "max-w-7xl" } as const;

/**
 * The frame of every staff page: the staff navigation (a side bar on wide screens, a menu on
 * phones; ./staff-nav), then the page: an optional link up to its parent page (a letter batch's
 * "Claim letters"; the navigation covers the rest), the page's one h1, an optional lead
 * paragraph, then the page. New staff pages (filings, reports) start here.
 */
export function AdminPage({
  back,
  title,
  lead,
  width = "7xl",
  children,
}: {
  /** Where "up" is when it is not in the navigation, e.g. { to: "/admin/letters", label: "Claim letters" }. */
  back?: { to: string; label: string };
  title: ReactNode;
  lead?: ReactNode;
  width?: keyof typeof widths;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 lg:flex lg:gap-8 lg:py-10">
      <StaffNav />
      <div className={`min-w-0 flex-1 ${widths[width]}`}>
        {back ? (
          <p className="text-sm">
            <Link to={back.to} className={adminLinkClass}>
              {back.label}
            </Link>
          </p>
        ) : null}
        <h1 className={back ? "mt-2 text-3xl font-bold" : "text-3xl font-bold"}>{title}</h1>
        {lead ? <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}

/** A titled part of an admin page: a section labelled by its h2, with optional actions (CSV links) beside the heading. */
export function AdminSection({
  id,
  title,
  actions,
  className = "mt-10",
  headingClassName = "text-xl font-semibold",
  children,
}: {
  id: string;
  title: ReactNode;
  actions?: ReactNode;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className={headingClassName}>
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/** The message of a failed action, read out as it appears. */
export function ActionError({ error }: { error?: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
      {error}
    </p>
  );
}
