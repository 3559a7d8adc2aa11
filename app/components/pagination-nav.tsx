import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/ui/app-link";
import { pageItems } from "~/lib/pagination";

const itemClass =
  "inline-flex min-w-9 items-center justify-center rounded-md border px-3 py-1.5 text-sm border-slate-300 dark:border-slate-600";

/**
 * Plain-link pagination (works without JS): previous, first, current +/- 1, last, next,
 * with ellipses. Keeps every other query parameter. Its words are in "search" (pagination.*):
 * a route that shows it names "search" in its handle.i18n.
 */
export function PaginationNav({ page, totalPages, param = "page" }: { page: number; totalPages: number; param?: string }) {
  const { pathname, search } = useLocation();
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    params.set(param, String(p));
    return `${pathname}?${params}`;
  };
  return (
    <nav aria-label={t("pagination.label")} className="mt-6 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <AppLink to={href(page - 1)} className={itemClass} rel="prev">
          {t("pagination.previous")}
        </AppLink>
      ) : (
        <span className={`${itemClass} opacity-50`} aria-disabled="true">
          {t("pagination.previous")}
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
          <AppLink key={item} to={href(item)} className={itemClass} aria-label={t("pagination.page", { page: item })}>
            {item}
          </AppLink>
        ),
      )}
      {page < totalPages ? (
        <AppLink to={href(page + 1)} className={itemClass} rel="next">
          {t("pagination.next")}
        </AppLink>
      ) : (
        <span className={`${itemClass} opacity-50`} aria-disabled="true">
          {t("pagination.next")}
        </span>
      )}
    </nav>
  );
}
