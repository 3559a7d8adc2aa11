/**
 * The staff overview on /admin: four charts to look at (receipts per month beside last year,
 * claims after each letter batch, businesses current / due / delinquent, filings waiting by age),
 * each with its figures in a table. The data is ~/models/admin/overview.server's.
 */
import { CLAIM_CHECKPOINTS, CLAIM_HORIZON_DAYS, FILING_AGE_BUCKETS, type Overview } from "~/lib/admin-overview";
import { GroupedBarChart } from "./grouped-bar-chart";
import { HorizontalBarChart } from "./horizontal-bar-chart";
import { LineChart } from "./line-chart";

const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const n = (v: number) => v.toLocaleString("en-US");
const plural = (count: number, one: string, many = `${one}s`) => `${n(count)} ${count === 1 ? one : many}`;

const SHORT_DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
/** "Oct 5, 2026" for "2026-10-05". */
const shortDate = (date: string) => SHORT_DATE.format(new Date(`${date}T00:00:00Z`));

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
  const { currentYear, previousYear, months } = receipts;
  const sold = months.filter((m) => m.current !== null);
  const soFar = sold.reduce((sum, m) => sum + (m.current ?? 0), 0);
  const sameMonthsLastYear = sold.reduce((sum, m) => sum + m.previous, 0);
  const lastYear = months.reduce((sum, m) => sum + m.previous, 0);
  const through = sold.length ? sold[sold.length - 1].label : "October";
  return (
    <GroupedBarChart
      id="chart-receipts"
      testId="chart-receipts"
      title="Receipts sold per month"
      description={`${currentYear} beside ${previousYear}, October to September, by the day each receipt was sold.`}
      svgTitle={`Receipts sold per month, ${currentYear} beside ${previousYear}`}
      svgDescription={`${currentYear}: ${plural(soFar, "receipt")} so far (October to ${through}). ${previousYear}: ${plural(sameMonthsLastYear, "receipt")} over the same months, ${n(lastYear)} in the whole year.`}
      categoryHeader="Month"
      categories={months.map((m) => m.label)}
      series={[
        { name: previousYear, values: months.map((m) => m.previous), className: "fill-slate-300 stroke-slate-600 dark:fill-slate-600 dark:stroke-slate-300" },
        { name: currentYear, values: months.map((m) => m.current), className: "fill-primary-700 stroke-primary-700 dark:fill-sky-400 dark:stroke-sky-400" },
      ]}
    />
  );
}

function ClaimsChart({ claims }: { claims: Overview["claims"] }) {
  // Oldest first, so the newest batch is drawn last (on top) and listed last.
  const batches = [...claims].reverse();
  return (
    <LineChart
      id="chart-claims"
      testId="chart-claims"
      title="Claims after each letter batch"
      description={`Share of each batch's businesses claimed, by days after mailing (the ${claims.length > 1 ? `${claims.length} batches` : "batch"} mailed last, up to ${CLAIM_HORIZON_DAYS} days).`}
      svgTitle="Claim rate of each letter batch by days after mailing"
      svgDescription={
        batches.length === 0
          ? "No letter batch has been marked mailed yet."
          : batches
              .map((b) => {
                const day = Math.min(b.daysSinceMailing, CLAIM_HORIZON_DAYS);
                return `Batch ${b.batchId}, mailed ${shortDate(b.mailedOn)}: ${percent(b.curve[day] ?? 0)} of ${plural(b.letters, "letter")} claimed by day ${day}.`;
              })
              .join(" ")
      }
      series={batches.map((b) => ({ name: `Batch ${b.batchId}, mailed ${shortDate(b.mailedOn)}`, shortName: `#${b.batchId}`, values: b.curve }))}
      xMax={CLAIM_HORIZON_DAYS}
      xTicks={[0, ...CLAIM_CHECKPOINTS]}
      xLabel="Days after mailing"
      formatY={percent}
      minYTop={0.1}
      empty="No batch mailed yet"
      figures={{
        caption: "Claim rate of each letter batch by days after mailing",
        headers: ["Batch", "Mailed", "Letters", ...CLAIM_CHECKPOINTS.map((d) => `Day ${d}`)],
        rows: batches.map((b) => [
          `Batch ${b.batchId}`,
          shortDate(b.mailedOn),
          n(b.letters),
          ...b.checkpoints.map((c) => (c.rate === null ? "—" : `${percent(c.rate)} (${n(c.claimed ?? 0)})`)),
        ]),
      }}
    />
  );
}

function StandingChart({ standing }: { standing: Overview["standing"] }) {
  return (
    <HorizontalBarChart
      id="chart-standing"
      testId="chart-standing"
      title="Businesses current, due and delinquent"
      description="Current: holds this fiscal year's receipt. Due and delinquent: held a receipt before but not this year's (the rows of the delinquent report)."
      svgTitle="Businesses current, due and delinquent"
      svgDescription={`${n(standing.current)} current, ${n(standing.due)} due, ${n(standing.delinquent)} delinquent.`}
      labelHeader="Standing"
      valueHeader="Businesses"
      bars={[
        { label: "Current", value: standing.current, className: "fill-emerald-700 dark:fill-emerald-400" },
        { label: "Due", value: standing.due, className: "fill-amber-600 dark:fill-amber-400" },
        { label: "Delinquent", value: standing.delinquent, className: "fill-rose-700 dark:fill-rose-400" },
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
  const total = FILING_AGE_BUCKETS.reduce((sum, b) => sum + filings[b.key], 0);
  return (
    <HorizontalBarChart
      id="chart-filings"
      testId="chart-filings"
      title="Filings waiting, by age"
      description="Submitted filings waiting for a decision, by days since they were submitted."
      svgTitle="Filings waiting, by days since submitted"
      svgDescription={`${plural(total, "filing")} waiting: ${FILING_AGE_BUCKETS.map((b) => `${n(filings[b.key])} ${b.label.toLowerCase()} old`).join(", ")}.`}
      labelHeader="Waiting"
      valueHeader="Filings"
      bars={FILING_AGE_BUCKETS.map((b, i) => ({ label: b.label, value: filings[b.key], className: AGE_CLASSES[i] }))}
    />
  );
}
