/** Horizontal bars, one per labelled row, each with its value written at its end; drawn on the server. */
import { CHART_WIDTH, ChartCard, gridClass, textClass } from "./chart-frame";

export type HorizontalBar = {
  label: string;
  value: number;
  /** Fill classes, light and dark. */
  className: string;
};

const ROW = 34;
const BAR = 20;
const MARGIN = { top: 8, right: 64, bottom: 8, left: 118 };

export function HorizontalBarChart({
  id,
  title,
  description,
  svgTitle,
  svgDescription,
  labelHeader,
  valueHeader,
  bars,
  testId,
}: {
  id: string;
  title: string;
  description?: string;
  svgTitle: string;
  svgDescription: string;
  /** The figures table's headers, e.g. "Standing", "Businesses". */
  labelHeader: string;
  valueHeader: string;
  bars: HorizontalBar[];
  testId?: string;
}) {
  const height = MARGIN.top + bars.length * ROW + MARGIN.bottom;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const plotW = CHART_WIDTH - MARGIN.left - MARGIN.right;
  const w = (v: number) => (v / max) * plotW;
  return (
    <ChartCard
      id={id}
      title={title}
      description={description}
      svgTitle={svgTitle}
      svgDescription={svgDescription}
      height={height}
      testId={testId}
      figures={{ caption: title, headers: [labelHeader, valueHeader], rows: bars.map((b) => [b.label, b.value.toLocaleString("en-US")]) }}
    >
      <line x1={MARGIN.left} x2={MARGIN.left} y1={MARGIN.top - 4} y2={height - MARGIN.bottom + 4} className={gridClass} />
      {bars.map((b, i) => {
        const cy = MARGIN.top + i * ROW + ROW / 2;
        const width = b.value > 0 ? Math.max(2, w(b.value)) : 0;
        return (
          <g key={b.label}>
            <text x={MARGIN.left - 8} y={cy} dy="0.35em" textAnchor="end" className={textClass}>
              {b.label}
            </text>
            {width > 0 ? <rect x={MARGIN.left} y={cy - BAR / 2} width={width} height={BAR} rx="2" className={b.className} /> : null}
            <text x={MARGIN.left + width + 6} y={cy} dy="0.35em" className={`${textClass} font-semibold`}>
              {b.value.toLocaleString("en-US")}
            </text>
          </g>
        );
      })}
    </ChartCard>
  );
}
