/** Vertical bars, one group per category (e.g. a month) with a bar per series (e.g. a year), drawn on the server. */
import { axisClass, CHART_WIDTH, ChartCard, gridClass, niceTicks, textClass, type LegendItem } from "./chart-frame";

export type BarSeries = {
  name: string;
  /** One value per category; null draws nothing (a month still to come) and reads "—". */
  values: (number | null)[];
  /** Fill (and stroke) classes, light and dark. */
  className: string;
};

const HEIGHT = 220;
const MARGIN = { top: 12, right: 8, bottom: 26, left: 40 };

export function GroupedBarChart({
  id,
  title,
  description,
  svgTitle,
  svgDescription,
  categoryHeader,
  categories,
  series,
  testId,
}: {
  id: string;
  title: string;
  description?: string;
  svgTitle: string;
  svgDescription: string;
  /** The figures table's first column header, e.g. "Month". */
  categoryHeader: string;
  categories: string[];
  series: BarSeries[];
  testId?: string;
}) {
  const max = Math.max(0, ...series.flatMap((s) => s.values.map((v) => v ?? 0)));
  const ticks = niceTicks(max, { minTop: 4, integer: true });
  const top = ticks[ticks.length - 1];
  const plotW = CHART_WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const y = (v: number) => MARGIN.top + plotH - (v / top) * plotH;
  const slot = plotW / Math.max(1, categories.length);
  const groupW = slot * 0.8;
  const barW = groupW / Math.max(1, series.length);

  const legend: LegendItem[] = series.map((s) => ({
    label: s.name,
    swatch: <rect x="1" y="1" width="22" height="10" className={s.className} strokeWidth="1" />,
  }));

  return (
    <ChartCard
      id={id}
      title={title}
      description={description}
      svgTitle={svgTitle}
      svgDescription={svgDescription}
      height={HEIGHT}
      legend={legend}
      testId={testId}
      figures={{
        caption: title,
        headers: [categoryHeader, ...series.map((s) => s.name)],
        rows: categories.map((c, i) => [c, ...series.map((s) => (s.values[i] === null ? "—" : (s.values[i] as number).toLocaleString("en-US")))]),
      }}
    >
      {ticks.map((t) => (
        <g key={t}>
          <line x1={MARGIN.left} x2={CHART_WIDTH - MARGIN.right} y1={y(t)} y2={y(t)} className={t === 0 ? axisClass : gridClass} />
          <text x={MARGIN.left - 6} y={y(t)} dy="0.35em" textAnchor="end" className={textClass}>
            {t.toLocaleString("en-US")}
          </text>
        </g>
      ))}
      {categories.map((c, i) => {
        const x0 = MARGIN.left + i * slot + (slot - groupW) / 2;
        return (
          <g key={c}>
            {series.map((s, j) => {
              const v = s.values[i];
              if (v === null || v === 0) return null;
              return <rect key={s.name} x={x0 + j * barW + 0.5} y={y(v)} width={Math.max(1, barW - 1)} height={y(0) - y(v)} className={s.className} strokeWidth="1" />;
            })}
            <text x={MARGIN.left + i * slot + slot / 2} y={HEIGHT - 8} textAnchor="middle" className={textClass}>
              {c}
            </text>
          </g>
        );
      })}
    </ChartCard>
  );
}
