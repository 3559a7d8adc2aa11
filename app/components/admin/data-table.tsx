import type { ReactNode } from "react";
import type { Pagination } from "~/lib/pagination";
import { PaginationNav } from "~/components/pagination-nav";

/** The cell of an admin table row. */
export const cellClass = "px-3 py-2 align-top";

/**
 * An admin data table: scrolls sideways on small screens, a caption for screen readers, one
 * column header per name, the rows as children. With `pagination`, the page links follow it;
 * with `empty`, that text stands in for a table without rows.
 */
export function DataTable({
  caption,
  headers,
  children,
  rowCount,
  empty,
  pagination,
  className = "mt-4",
  testId,
}: {
  caption: string;
  headers: readonly string[];
  children: ReactNode;
  /** How many rows the children hold; 0 with `empty` shows `empty` instead of the table. */
  rowCount?: number;
  empty?: ReactNode;
  pagination?: Pick<Pagination, "page" | "totalPages">;
  /** Classes of the scrolling wrapper (margin, frame). */
  className?: string;
  testId?: string;
}) {
  const table =
    empty !== undefined && rowCount === 0 ? (
      <p className={`${className} text-sm`}>{empty}</p>
    ) : (
      <div className={`${className} relative overflow-x-auto`}>
        <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700" data-testid={testId}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {headers.map((h) => (
                <th key={h} scope="col" className="px-3 py-2 text-left font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-700">{children}</tbody>
        </table>
      </div>
    );
  return (
    <>
      {table}
      {pagination ? <PaginationNav page={pagination.page} totalPages={pagination.totalPages} /> : null}
    </>
  );
}
