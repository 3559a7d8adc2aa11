import { useLocation } from "@remix-run/react";
import { AppLink } from "~/components/ui/app-link";
import { pageItems } from "~/lib/pagination";

const itemClass =
  "inline-flex min-w-9 items-center justify-center rounded-md border px-3 py-1.5 text-sm border-slate-300 dark:border-slate-600";

/**
 * Plain-link pagination (works without JS): previous, first, current +/- 1, last, next,
 * with ellipses. Keeps every other query parameter.
 */
export function PaginationNav({ page, totalPages, param = "page" }: { page: number; totalPages: number; param?: string }) {
  const { pathname, search } = useLocation();
  if (totalPages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    params.set(param, String(p));
    return `${pathname}?${params}`;
  };
  return (
    <nav aria-label="Pagination" className="mt-6 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <AppLink to={href(page - 1)} className={itemClass} rel="prev">
          Previous
        </AppLink>
      ) : (
        <span className={`${itemClass} opacity-50`} aria-disabled="true">
          Previous
        </span>
      )}
      {pageItems(page, totalPages).map((item, i) =>
        item === "ellipsis" ? (
          <span key={`e${i}`} className="px-2" aria-hidden="true">
            …
          </span>
        ) : item === page ? (
          <span key={item} aria-current="page" className={`${itemClass} border-primary-700 bg-primary-700 text-white`}>
            {item}
          </span>
        ) : (
          <AppLink key={item} to={href(item)} className={itemClass} aria-label={`Page ${item}`}>
            {item}
          </AppLink>
        ),
      )}
      {page < totalPages ? (
        <AppLink to={href(page + 1)} className={itemClass} rel="next">
          Next
        </AppLink>
      ) : (
        <span className={`${itemClass} opacity-50`} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
