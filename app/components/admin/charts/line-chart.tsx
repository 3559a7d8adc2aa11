/**
 * Lines over a numeric x axis (e.g. days after mailing), one per series, drawn on the server.
 * Series differ by colour, by dash and by a label at the line's end, so no colour has to be told
 * apart alone.
 */
import { axisClass, CHART_WIDTH, ChartCard, gridClass, niceTicks, textClass, type LegendItem } from "./chart-frame";

/** Stroke classes (light, dark) and dash patterns, in series order. */
const STYLES = [
  { className: "stroke-primary-700 dark:stroke-sky-300", dash: undefined },
  { className: "stroke-amber-700 dark:stroke-amber-300", dash: "6 3" },
  { className: "stroke-emerald-700 dark:stroke-emerald-300", dash: "2 3" },
  { className: "stroke-rose-700 dark:stroke-rose-300", dash: "8 3 2 3" },
  { className: "stroke-violet-700 dark:stroke-violet-300", dash: "4 4" },
  { className: "stroke-slate-700 dark:stroke-slate-200", dash: "1 3" },
] as const;

export type LineSeries = {
  /** Legend and end label, e.g. "Batch 12". */
  name: string;
  /** Short label at the line's end, e.g. "#12". */
  shortName: string;
  /** y for x = 0, 1, 2, ... (as far as the series goes). */
  values: number[];
};

const HEIGHT = 220;
/** The least vertical distance between two end labels. */
const LABEL_GAP = 12;
const MARGIN = { top: 12, right: 40, bottom: 36, left: 44 };

export function LineChart({
  id,
  title,
  description,
  svgTitle,
  svgDescription,
  series,
  xMax,
  xTicks,
  xLabel,
  formatY,
  minYTop,
  figures,
  empty,
  testId,
}: {
  id: string;
  title: string;
  description?: string;
  svgTitle: string;
  svgDescription: string;
  series: LineSeries[];
  xMax: number;
  xTicks: readonly number[];
  xLabel: string;
  formatY: (v: number) => string;
  minYTop: number;
  figures: { caption: string; headers: string[]; rows: (string | number)[][] };
  /** Drawn in the plot when there is no series. */
  empty: string;
  testId?: string;
}) {
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  // Steps of whole percents (no "2.5%" step read as "3%").
  const ticks = niceTicks(max * 100, { minTop: minYTop * 100, integer: true }).map((t) => t / 100);
  const top = ticks[ticks.length - 1];
  const plotW = CHART_WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (v: number) => MARGIN.left + (v / xMax) * plotW;
  const y = (v: number) => MARGIN.top + plotH - (v / top) * plotH;

  // The labels at the lines' ends, moved apart where lines end close together: pushed down
  // from the top, then back up from the axis.
  const ends = series
    .map((s) => ({ name: s.name, x: x(s.values.length - 1), y: y(s.values[s.values.length - 1] ?? 0) }))
    .sort((a, b) => a.y - b.y);
  const near = (i: number, j: number) => Math.abs(ends[i].x - ends[j].x) < 24;
  const placed = ends.map((e) => e.y);
  for (let i = 1; i < ends.length; i++)
    for (let j = 0; j < i; j++) if (near(i, j)) placed[i] = Math.max(placed[i], placed[j] + LABEL_GAP);
  for (let i = ends.length - 1; i >= 0; i--) {
    placed[i] = Math.min(placed[i], y(0));
    for (let j = i + 1; j < ends.length; j++) if (near(i, j)) placed[i] = Math.min(placed[i], placed[j] - LABEL_GAP);
  }
  const labelY = new Map(ends.map((e, i) => [e.name, placed[i]]));

  const legend: LegendItem[] = series.map((s, i) => {
    const style = STYLES[i % STYLES.length];
    return { label: s.name, swatch: <line x1="1" x2="23" y1="6" y2="6" className={style.className} strokeWidth="2.5" strokeDasharray={style.dash} /> };
  });

  return (
    <ChartCard
      id={id}
      title={title}
      description={description}
      svgTitle={svgTitle}
      svgDescription={svgDescription}
      height={HEIGHT}
      legend={legend}
      figures={figures}
      testId={testId}
    >
      {ticks.map((t) => (
        <g key={t}>
          <line x1={MARGIN.left} x2={CHART_WIDTH - MARGIN.right} y1={y(t)} y2={y(t)} className={t === 0 ? axisClass : gridClass} />
          <text x={MARGIN.left - 6} y={y(t)} dy="0.35em" textAnchor="end" className={textClass}>
            {formatY(t)}
          </text>
        </g>
      ))}
      {xTicks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={y(0)} y2={y(0) + 4} className={axisClass} />
          <text x={x(t)} y={y(0) + 15} textAnchor="middle" className={textClass}>
            {t}
          </text>
        </g>
      ))}
      <text x={MARGIN.left + plotW / 2} y={HEIGHT - 2} textAnchor="middle" className={textClass}>
        {xLabel}
      </text>
      {series.length === 0 ? (
        <text x={MARGIN.left + plotW / 2} y={MARGIN.top + plotH / 2} textAnchor="middle" className={textClass}>
          {empty}
        </text>
      ) : null}
      {series.map((s, i) => {
        const style = STYLES[i % STYLES.length];
        const points = s.values.map((v, d) => `${x(d).toFixed(1)},${y(v).toFixed(1)}`);
        // A series of one point (mailed today) still shows: a dot.
        const last = s.values.length - 1;
        return (
          <g key={s.name}>
            {last > 0 ? (
              <polyline points={points.join(" ")} fill="none" className={style.className} strokeWidth="2.5" strokeDasharray={style.dash} strokeLinejoin="round" />
            ) : (
              <circle cx={x(0)} cy={y(s.values[0] ?? 0)} r="2.5" fill="none" strokeWidth="2" className={style.className} />
            )}
            <text x={x(last) + 4} y={labelY.get(s.name)} dy="0.35em" className={textClass}>
              {s.shortName}
            </text>
          </g>
        );
      })}
    </ChartCard>
  );
}
