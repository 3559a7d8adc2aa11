import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigationType, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { PaginationNav } from "~/components/pagination-nav";
import { BusinessCard } from "~/components/search/business-card";
import { CitySelect } from "~/components/search/city-select";
import { SuggestInput } from "~/components/search/suggest-input";
import { buttonClass } from "~/components/ui/button";
import { FILING_TYPE_CODES, filingTypeLabel } from "~/lib/filing-types";
import { parsePage } from "~/lib/pagination";
import { ADVANCED_FIELDS, isAllCities, readSearchFilters, searchQueryString } from "~/lib/search-params";
import { BUSINESS_STATUSES } from "~/lib/status";
import { searchBusinesses } from "~/models/business-search.server";
import { searchShape, timeSearch } from "~/utils/metrics.server";
import type { PageCacheHandle } from "~/utils/cache.server";
import { translatedMeta } from "~/lib/meta";
import { pageMetaText, requestT } from "~/utils/i18n.server";

// Anonymous visitors share the rendered page (app/utils/cache.server.ts); the language is in the
// root's data, so in the page's key.
export const handle: PageCacheHandle & { i18n: string[] } = { pageCache: true, i18n: ["search"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

export const PAGE_SIZE = 10;
const KNOWN = ["name", "q", "doc", "city", "type", "status", "person", "zip", "address", "fei", "page"];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const filters = readSearchFilters(url.searchParams);
  const requestedPage = parsePage(url.searchParams.get("page"));
  // A plain (no-JS) form submits every field, filled or not: keep the address to the filled ones.
  const untidy = KNOWN.some((key) => url.searchParams.has(key) && (url.searchParams.get(key) ?? "").trim() === "");
  if (untidy || isAllCities(url.searchParams.get("city") ?? "")) {
    throw redirect(`/search${searchQueryString(filters, requestedPage)}`);
  }
  const { businesses, pagination, capped } = timeSearch(searchShape(filters), () =>
    searchBusinesses({ ...filters, page: requestedPage, limit: PAGE_SIZE }),
  );
  const { t } = await requestT(request, "search");
  return { filters, businesses, pagination, capped, meta: pageMetaText(t, t("meta.title"), t("meta.description")) };
}

/** The "Advanced" disclosure: what the state's registry file adds to search (labels: search:advanced.<name>). */
const ADVANCED = [
  { name: "person", numeric: false },
  { name: "address", numeric: false },
  { name: "zip", numeric: true },
  { name: "fei", numeric: true },
] as const;

const fieldClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

export default function SearchPage() {
  const { filters, businesses, pagination, capped } = useLoaderData<typeof loader>();
  const [, setSearchParams] = useSearchParams();
  const { t } = useTranslation("search");
  const location = useLocation();
  const navigationType = useNavigationType();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // The address as it is now, not as it was when a (debounced) sync was scheduled.
  const currentSearch = useRef(location.search);
  currentSearch.current = location.search;

  // The form keeps what is typed while the address follows it (replace navigations); any other
  // navigation (a link, back/forward, a submitted search) starts it afresh from the address.
  // Decided while rendering the navigation's page, not in an effect after it: an effect left a
  // moment in which a choice made in the new form was wiped by the late remount.
  const formKey = useRef(location.key);
  if (navigationType !== "REPLACE") formKey.current = location.key;
  useEffect(() => () => clearTimeout(timer.current), []);

  /** With JS: put the filters in the address bar (page back to 1) without leaving the page. */
  function syncAddress(delay: number) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!form.current) return;
      const data = new FormData(form.current);
      const value = (key: string) => String(data.get(key) ?? "");
      const next = searchQueryString({
        name: value("name"),
        doc: value("doc"),
        city: value("city"),
        type: value("type"),
        status: value("status"),
        person: value("person"),
        zip: value("zip"),
        address: value("address"),
        fei: value("fei"),
      });
      if (next !== currentSearch.current) setSearchParams(new URLSearchParams(next), { replace: true, preventScrollReset: true });
    }, delay);
  }

  const from = pagination.total === 0 ? 0 : (pagination.page - 1) * pagination.limit + 1;
  const to = Math.min(pagination.page * pagination.limit, pagination.total);
  const total = `${pagination.total.toLocaleString("en-US")}${capped ? "+" : ""}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("heading")}</h1>
      <Form
        key={formKey.current}
        ref={form}
        method="get"
        action="/search"
        role="search"
        aria-label={t("filtersLabel")}
        data-tour="search-filters"
        // A submitted search supersedes a pending address sync: two navigations must not race.
        onSubmit={() => clearTimeout(timer.current)}
        className="mt-6 grid gap-4 rounded-lg border border-slate-200 p-4 md:grid-cols-2 lg:grid-cols-5 dark:border-slate-700"
      >
        <SuggestInput
          kind="name"
          name="name"
          label={t("name")}
          defaultValue={filters.name}
          placeholder={t("namePlaceholder")}
          onValueChange={() => syncAddress(300)}
        />
        <SuggestInput
          kind="doc"
          name="doc"
          label={t("doc")}
          defaultValue={filters.doc}
          placeholder={t("docPlaceholder")}
          onValueChange={() => syncAddress(300)}
        />
        <div>
          <label htmlFor="search-city" className="mb-1 block text-sm font-medium">
            {t("city")}
          </label>
          <CitySelect id="search-city" defaultValue={filters.city} onValueChange={() => syncAddress(100)} />
        </div>
        <div>
          <label htmlFor="search-type" className="mb-1 block text-sm font-medium">
            {t("filingType")}
          </label>
          <select
            id="search-type"
            name="type"
            defaultValue={filters.type}
            onChange={() => syncAddress(100)}
            className={fieldClass}
          >
            <option value="">{t("allFilingTypes")}</option>
            {FILING_TYPE_CODES.map((code) => (
              <option key={code} value={code}>
                {filingTypeLabel(code)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="search-status" className="mb-1 block text-sm font-medium">
            {t("status")}
          </label>
          <select
            id="search-status"
            name="status"
            defaultValue={filters.status.toUpperCase()}
            onChange={() => syncAddress(100)}
            className={fieldClass}
          >
            <option value="">{t("allStatuses")}</option>
            {BUSINESS_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status.charAt(0) + status.slice(1).toLowerCase()}
              </option>
            ))}
          </select>
        </div>
        <details
          className="md:col-span-2 lg:col-span-5"
          open={ADVANCED_FIELDS.some((key) => filters[key] !== "")}
          data-testid="advanced-search"
        >
          <summary className="cursor-pointer text-sm font-medium">{t("advanced.summary")}</summary>
          <div className="mt-3 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
            {ADVANCED.map((field) => (
              <div key={field.name}>
                <label htmlFor={`search-${field.name}`} className="mb-1 block text-sm font-medium">
                  {t(`advanced.${field.name}`)}
                </label>
                <input
                  id={`search-${field.name}`}
                  name={field.name}
                  type="text"
                  defaultValue={filters[field.name]}
                  placeholder={t(`advanced.${field.name}Placeholder`)}
                  inputMode={field.numeric ? "numeric" : undefined}
                  onChange={() => syncAddress(400)}
                  className={fieldClass}
                />
              </div>
            ))}
          </div>
        </details>
        <div className="flex flex-wrap gap-3 md:col-span-2 lg:col-span-5">
          <button type="submit" className={buttonClass("primary")}>
            {t("submit")}
          </button>
          <Link
            to={`/${searchQueryString({ name: filters.name, doc: filters.doc, city: filters.city })}`}
            className={buttonClass("outline")}
          >
            {t("backHome")}
          </Link>
        </div>
      </Form>

      <section aria-labelledby="results-heading" data-tour="search-results" className="mt-8">
        <h2 id="results-heading" className="sr-only">
          {t("results")}
        </h2>
        {businesses.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-10 text-center dark:border-slate-600">
            <p className="text-lg font-semibold">{t("noResults")}</p>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              {t("noResultsHint")}
            </p>
          </div>
        ) : (
          <>
            <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
              {t("showing", { from: from.toLocaleString("en-US"), to: to.toLocaleString("en-US"), total })}
            </p>
            <ul className="mt-4 grid gap-4 md:grid-cols-2">
              {businesses.map((business) => (
                <li key={business.id}>
                  <BusinessCard business={business} />
                </li>
              ))}
            </ul>
            <PaginationNav page={pagination.page} totalPages={pagination.totalPages} />
          </>
        )}
      </section>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
