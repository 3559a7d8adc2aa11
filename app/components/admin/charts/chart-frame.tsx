/**
 * What every overview chart shares: the card with its heading, the SVG drawn on the server (an
 * image with a name and a description, so it shows without JavaScript and prints), a legend, and
 * the same figures as a table under "Figures" (a <details>, so it opens without JavaScript and a
 * screen reader can read every number).
 */
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";

export const CHART_WIDTH = 480;
export const FONT_SIZE = 12;
/** Axis and label text (AA contrast on the card in both themes). */
export const textClass = "fill-slate-700 dark:fill-slate-300";
export const gridClass = "stroke-slate-200 dark:stroke-slate-700";
export const axisClass = "stroke-slate-500 dark:stroke-slate-400";

/** Round steps for an axis from 0 to at least `max`: [0, step, 2*step, ...], about 4 steps. */
export function niceTicks(max: number, { minTop = 1, integer = false }: { minTop?: number; integer?: boolean } = {}): number[] {
  const top = Math.max(max, minTop);
  const rough = top / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const candidates = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).filter((s) => !integer || Number.isInteger(s));
  let step = candidates.find((s) => s >= rough) ?? 10 * magnitude;
  if (integer) step = Math.max(1, step);
  const count = Math.ceil(top / step - 1e-9);
  return Array.from({ length: count + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

export type LegendItem = { label: string; swatch: ReactNode };

export function ChartCard({
  id,
  title,
  description,
  svgTitle,
  svgDescription,
  height,
  legend,
  figures,
  children,
  testId,
}: {
  id: string;
  /** The card's heading. */
  title: string;
  /** A sentence under the heading (what is counted). */
  description?: ReactNode;
  /** The image's accessible name. */
  svgTitle: string;
  /** The image's description: the figures in a sentence. */
  svgDescription: string;
  height: number;
  legend?: LegendItem[];
  figures: { caption: string; headers: string[]; rows: (string | number)[][] };
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation("admin");
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm break-inside-avoid dark:border-slate-700 dark:bg-slate-900"
      data-testid={testId}
    >
      <h3 id={headingId} className="font-semibold">
        {title}
      </h3>
      {description ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{description}</p> : null}
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${CHART_WIDTH} ${height}`}
        className="mt-3 h-auto w-full"
        fontSize={FONT_SIZE}
      >
        <title id={`${id}-title`}>{svgTitle}</title>
        <desc id={`${id}-desc`}>{svgDescription}</desc>
        {children}
      </svg>
      {legend && legend.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t("charts.legend", { title })}>
          {legend.map((item) => (
            <li key={item.label} className="flex items-center gap-2">
              <svg aria-hidden="true" width="24" height="12" viewBox="0 0 24 12">
                {item.swatch}
              </svg>
              {item.label}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-primary-700 underline dark:text-primary-100">
          {t("charts.figures")}
          <span className="sr-only"> {t("charts.figuresOf", { title })}</span>
        </summary>
        <div className="mt-2 overflow-x-auto">
          <table className="min-w-full text-left">
            <caption className="sr-only">{figures.caption}</caption>
            <thead>
              <tr>
                {figures.headers.map((h, i) => (
                  <th key={h} scope="col" className={`border-b border-slate-200 px-2 py-1 font-semibold dark:border-slate-700 ${i > 0 ? "text-right" : ""}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {figures.rows.map((row) => (
                <tr key={String(row[0])}>
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="border-b border-slate-100 px-2 py-1 font-normal dark:border-slate-800">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="border-b border-slate-100 px-2 py-1 text-right tabular-nums dark:border-slate-800">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
