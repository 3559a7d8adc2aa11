/**
 * The staff overview on /admin: four charts to look at (receipts per month beside last year,
 * claims after each letter batch, businesses current / due / delinquent, filings waiting by age),
 * each with its figures in a table. The data is ~/models/admin/overview.server's; the words are
 * the "admin" namespace's charts.* (issue 42).
 */
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { CLAIM_CHECKPOINTS, CLAIM_HORIZON_DAYS, FILING_AGE_BUCKETS, type Overview } from "~/lib/admin-overview";
import { useFormat } from "~/lib/hooks/use-format";
import { LANGUAGE_LOCALES, type Language } from "~/lib/languages";
import { GroupedBarChart } from "./grouped-bar-chart";
import { HorizontalBarChart } from "./horizontal-bar-chart";
import { LineChart } from "./line-chart";

const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const n = (v: number) => v.toLocaleString("en-US");

/** "Oct 5, 2026" (or "5 oct 2026") for "2026-10-05". */
const shortDate = (date: string, language: Language) =>
  new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));

/** "1 receipt", "12 receipts": the key's .one or .other with the count written out. */
const plural = (t: TFunction, key: string, count: number) => t(`${key}.${count === 1 ? "one" : "other"}`, { n: n(count) });

/** A month's short name from its yyyy-MM ("Oct"). */
const monthName = (t: TFunction, month: string) => t(`charts.months.${Number(month.slice(5, 7))}`);

/** The four charts' t: the "admin" namespace and the page's language. */
function useCharts() {
  const { t } = useTranslation("admin");
  const { language } = useFormat();
  return { t, language };
}

export function OverviewCharts({ overview }: { overview: Overview }) {
  return (
    <div className="mt-4 grid gap-6 lg:grid-cols-2" data-testid="admin-overview">
      <ReceiptsChart receipts={overview.receipts} />
      <ClaimsChart claims={overview.claims} />
      <StandingChart standing={overview.standing} />
      <FilingsChart filings={overview.filings} />
    </div>
  );
}

function ReceiptsChart({ receipts }: { receipts: Overview["receipts"] }) {
  const { t } = useCharts();
  const { currentYear, previousYear, months } = receipts;
  const sold = months.filter((m) => m.current !== null);
  const soFar = sold.reduce((sum, m) => sum + (m.current ?? 0), 0);
  const sameMonthsLastYear = sold.reduce((sum, m) => sum + m.previous, 0);
  const lastYear = months.reduce((sum, m) => sum + m.previous, 0);
  const through = sold.length ? monthName(t, sold[sold.length - 1].month) : t("charts.receipts.october");
  return (
    <GroupedBarChart
      id="chart-receipts"
      testId="chart-receipts"
      title={t("charts.receipts.title")}
      description={t("charts.receipts.description", { current: currentYear, previous: previousYear })}
      svgTitle={t("charts.receipts.svgTitle", { current: currentYear, previous: previousYear })}
      svgDescription={t("charts.receipts.svgDescription", {
        current: currentYear,
        previous: previousYear,
        soFar: plural(t, "charts.receipts.receipt", soFar),
        through,
        sameMonths: plural(t, "charts.receipts.receipt", sameMonthsLastYear),
        lastYear: n(lastYear),
      })}
      categoryHeader={t("charts.receipts.month")}
      categories={months.map((m) => monthName(t, m.month))}
      series={[
        { name: previousYear, values: months.map((m) => m.previous), className: "fill-slate-300 stroke-slate-600 dark:fill-slate-600 dark:stroke-slate-300" },
        { name: currentYear, values: months.map((m) => m.current), className: "fill-primary-700 stroke-primary-700 dark:fill-sky-400 dark:stroke-sky-400" },
      ]}
    />
  );
}

function ClaimsChart({ claims }: { claims: Overview["claims"] }) {
  const { t, language } = useCharts();
  // Oldest first, so the newest batch is drawn last (on top) and listed last.
  const batches = [...claims].reverse();
  const batchName = (b: (typeof batches)[number]) => t("charts.claims.batchMailed", { id: b.batchId, date: shortDate(b.mailedOn, language) });
  return (
    <LineChart
      id="chart-claims"
      testId="chart-claims"
      title={t("charts.claims.title")}
      description={t("charts.claims.description", {
        batches: claims.length > 1 ? t("charts.claims.batches", { n: claims.length }) : t("charts.claims.batch"),
        days: CLAIM_HORIZON_DAYS,
      })}
      svgTitle={t("charts.claims.svgTitle")}
      svgDescription={
        batches.length === 0
          ? t("charts.claims.none")
          : batches
              .map((b) => {
                const day = Math.min(b.daysSinceMailing, CLAIM_HORIZON_DAYS);
                return t("charts.claims.batchLine", {
                  batch: batchName(b),
                  rate: percent(b.curve[day] ?? 0),
                  letters: plural(t, "charts.claims.letter", b.letters),
                  day,
                });
              })
              .join(" ")
      }
      series={batches.map((b) => ({ name: batchName(b), shortName: `#${b.batchId}`, values: b.curve }))}
      xMax={CLAIM_HORIZON_DAYS}
      xTicks={[0, ...CLAIM_CHECKPOINTS]}
      xLabel={t("charts.claims.xLabel")}
      formatY={percent}
      minYTop={0.1}
      empty={t("charts.claims.empty")}
      figures={{
        caption: t("charts.claims.svgTitle"),
        headers: [t("charts.claims.batchHeader"), t("charts.claims.mailed"), t("charts.claims.letters"), ...CLAIM_CHECKPOINTS.map((d) => t("charts.claims.day", { day: d }))],
        rows: batches.map((b) => [
          t("charts.claims.batchRow", { id: b.batchId }),
          shortDate(b.mailedOn, language),
          n(b.letters),
          ...b.checkpoints.map((c) => (c.rate === null ? "—" : `${percent(c.rate)} (${n(c.claimed ?? 0)})`)),
        ]),
      }}
    />
  );
}

function StandingChart({ standing }: { standing: Overview["standing"] }) {
  const { t } = useCharts();
  return (
    <HorizontalBarChart
      id="chart-standing"
      testId="chart-standing"
      title={t("charts.standing.title")}
      description={t("charts.standing.description")}
      svgTitle={t("charts.standing.title")}
      svgDescription={t("charts.standing.svgDescription", { current: n(standing.current), due: n(standing.due), delinquent: n(standing.delinquent) })}
      labelHeader={t("charts.standing.labelHeader")}
      valueHeader={t("charts.standing.valueHeader")}
      bars={[
        { label: t("charts.standing.current"), value: standing.current, className: "fill-emerald-700 dark:fill-emerald-400" },
        { label: t("charts.standing.due"), value: standing.due, className: "fill-amber-600 dark:fill-amber-400" },
        { label: t("charts.standing.delinquent"), value: standing.delinquent, className: "fill-rose-700 dark:fill-rose-400" },
      ]}
    />
  );
}

const AGE_CLASSES = [
  "fill-emerald-700 dark:fill-emerald-400",
  "fill-primary-700 dark:fill-sky-400",
  "fill-amber-600 dark:fill-amber-400",
  "fill-rose-700 dark:fill-rose-400",
] as const;

function FilingsChart({ filings }: { filings: Overview["filings"] }) {
  const { t } = useCharts();
  const total = FILING_AGE_BUCKETS.reduce((sum, b) => sum + filings[b.key], 0);
  return (
    <HorizontalBarChart
      id="chart-filings"
      testId="chart-filings"
      title={t("charts.filings.title")}
      description={t("charts.filings.description")}
      svgTitle={t("charts.filings.svgTitle")}
      svgDescription={t("charts.filings.svgDescription", {
        filings: plural(t, "charts.filings.filing", total),
        ages: FILING_AGE_BUCKETS.map((b) => t("charts.filings.ageOld", { n: n(filings[b.key]), age: t(`charts.filings.ages.${b.key}`).toLowerCase() })).join(", "),
      })}
      labelHeader={t("charts.filings.labelHeader")}
      valueHeader={t("charts.filings.valueHeader")}
      bars={FILING_AGE_BUCKETS.map((b, i) => ({ label: t(`charts.filings.ages.${b.key}`), value: filings[b.key], className: AGE_CLASSES[i] }))}
    />
  );
}
