import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FilingStep } from "~/lib/filings/kinds";
import { stepIsMissing, type Missing } from "./progress";

/**
 * The guided form's progress: "Step i of n" with a <progress> bar, and the steps as links (each
 * marked done or still needing something). Plain HTML: it works without JavaScript, and with it
 * the bar moves as Remix changes the step in place.
 */
export function StepProgress({
  filingId,
  steps,
  current,
  missing,
}: {
  filingId: number;
  steps: readonly FilingStep[];
  current: string;
  missing: readonly Missing[];
}) {
  const { t } = useTranslation("filings");
  const index = steps.findIndex((s) => s.slug === current);
  const position = index + 1;
  return (
    <div className="mt-6">
      <p id="step-progress-label" className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {t("step.progress", { position, total: steps.length, title: steps[index] ? t(`steps.${steps[index].slug}`) : "" })}
      </p>
      <progress
        className="mt-2 h-2 w-full overflow-hidden rounded-full accent-primary-700"
        value={position}
        max={steps.length}
        aria-labelledby="step-progress-label"
      >
        {t("step.progressShort", { position, total: steps.length })}
      </progress>
      <nav aria-label={t("step.stepsNav")} className="mt-3">
        <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {steps.map((step, i) => {
            const here = step.slug === current;
            const done = !stepIsMissing(step, missing);
            return (
              <li key={step.slug}>
                <Link
                  to={`/filings/${filingId}/${step.slug}`}
                  aria-current={here ? "step" : undefined}
                  className={`underline-offset-4 hover:underline ${here ? "font-semibold text-slate-900 dark:text-white" : "text-primary-700 dark:text-primary-100"}`}
                >
                  {i + 1}. {t(`steps.${step.slug}`)}
                  {step.slug === "review" ? null : <span className="sr-only">{done ? t("step.doneSr") : t("step.neededSr")}</span>}
                </Link>
                {step.slug === "review" ? null : (
                  <span aria-hidden="true" className={`ml-1 ${done ? "text-green-700 dark:text-green-300" : "text-amber-700 dark:text-amber-300"}`}>
                    {done ? "✓" : "•"}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
    </div>
  );
}
