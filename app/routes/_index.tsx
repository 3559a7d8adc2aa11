import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BusinessCard } from "~/components/search/business-card";
import { CitySelect } from "~/components/search/city-select";
import { SuggestInput } from "~/components/search/suggest-input";
import { ProcessExplainer } from "~/components/home/process-explainer";
import { buttonClass } from "~/components/ui/button";
import { readSearchFilters, searchQueryString } from "~/lib/search-params";
import { searchBusinesses } from "~/models/business-search.server";
import type { PageCacheHandle } from "~/utils/cache.server";
import { translatedMeta } from "~/lib/meta";
import { requestT } from "~/utils/i18n.server";

// Anonymous visitors share the rendered page (app/utils/cache.server.ts); the language is in the
// root's data, so in the page's key. The cards and the form's inputs speak "search".
export const handle: PageCacheHandle & { i18n: string[] } = { pageCache: true, i18n: ["home", "search"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

const FEATURED_COUNT = 3;

export async function loader({ request }: LoaderFunctionArgs) {
  const { t } = await requestT(request, "home");
  const filters = readSearchFilters(new URL(request.url).searchParams);
  let featured: ReturnType<typeof searchBusinesses>["businesses"] | null;
  try {
    featured = searchBusinesses({ page: 1, limit: FEATURED_COUNT }).businesses;
  } catch (error) {
    console.error("featured businesses failed", error);
    featured = null;
  }
  return {
    filters: { name: filters.name, doc: filters.doc, city: filters.city },
    featured,
    // The home page's title is the brand alone.
    meta: { title: t("common:brand"), description: t("meta.description") },
  };
}

const SERVICES = ["search", "filing", "payments", "dashboard"] as const;

const inputClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500";

export default function Home() {
  const { filters, featured } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { t } = useTranslation("home");

  return (
    <>
      <section data-tour="welcome" className="bg-primary-800 py-16 text-white">
        <div className="mx-auto max-w-7xl px-4">
          <h1 className="text-4xl font-bold md:text-5xl">{t("hero.title")}</h1>
          <p className="mt-4 max-w-2xl text-lg text-primary-50">
            {t("hero.lead")}
          </p>
          <Form
            method="get"
            action="/search"
            role="search"
            aria-label={t("hero.formLabel")}
            data-tour="business-search"
            className="mt-8 grid gap-4 rounded-lg bg-white p-4 text-slate-900 shadow-lg md:grid-cols-[1fr_2fr_1.5fr_auto] md:items-end"
            onSubmit={(event) => {
              // Only the filled fields go into the address (the loader of /search does the same without JS).
              event.preventDefault();
              const data = new FormData(event.currentTarget);
              const value = (key: string) => String(data.get(key) ?? "");
              navigate(`/search${searchQueryString({ city: value("city"), name: value("name"), doc: value("doc") })}`);
            }}
          >
            <div>
              <label htmlFor="home-city" className="mb-1 block text-sm font-medium">
                {t("hero.city")}
              </label>
              <CitySelect id="home-city" defaultValue={filters.city} className={inputClass} />
            </div>
            <SuggestInput
              kind="name"
              name="name"
              label={t("hero.name")}
              placeholder={t("hero.namePlaceholder")}
              defaultValue={filters.name}
              className={inputClass}
            />
            <div>
              <label htmlFor="home-doc" className="mb-1 block text-sm font-medium">
                {t("hero.doc")}
              </label>
              <input
                id="home-doc"
                name="doc"
                type="text"
                defaultValue={filters.doc}
                placeholder={t("hero.docPlaceholder")}
                autoComplete="off"
                className={inputClass}
              />
            </div>
            <button type="submit" className={buttonClass("primary", "h-10")}>
              {t("hero.submit")}
            </button>
          </Form>
        </div>
      </section>

      <section aria-labelledby="services-heading" className="py-16">
        <div className="mx-auto max-w-7xl px-4">
          <h2 id="services-heading" className="text-center text-3xl font-bold">
            {t("services.heading")}
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {SERVICES.map((service) => (
              <li key={service} className="rounded-lg border border-slate-200 p-6 dark:border-slate-700">
                <h3 className="text-lg font-semibold">{t(`services.${service}.title`)}</h3>
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t(`services.${service}.body`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <ProcessExplainer />

      <section aria-labelledby="featured-heading" data-tour="featured-businesses" className="py-16">
        <div className="mx-auto max-w-7xl px-4">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="featured-heading" className="text-3xl font-bold">
              {t("featured.heading")}
            </h2>
            <Link to="/search" className="font-medium text-primary-700 underline-offset-2 hover:underline dark:text-primary-100">
              {t("featured.viewMore")}
            </Link>
          </div>
          {featured === null ? (
            <p role="alert" className="mt-8 text-red-700 dark:text-red-300">
              {t("featured.error")}
            </p>
          ) : (
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {featured.map((business) => (
                <li key={business.id}>
                  <BusinessCard business={business} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-slate-100 py-16 dark:bg-slate-900">
        <div className="mx-auto max-w-3xl px-4 text-center">
          <h2 id="cta-heading" className="text-3xl font-bold">
            {t("cta.heading")}
          </h2>
          <p className="mt-4 text-slate-700 dark:text-slate-300">
            {t("cta.body")}
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/register" className={buttonClass("primary")}>
              {t("cta.register")}
            </Link>
            <Link to="/search" className={buttonClass("outline")}>
              {/* The hidden words make the link's purpose clear out of context (screen readers, Lighthouse's link-text audit). */}
              {t("cta.learnMore")}<span className="sr-only">{t("cta.learnMoreHidden")}</span>
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
