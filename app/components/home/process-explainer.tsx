import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/** The four steps to a Business Tax Receipt (spec section 1), keys of "home" (process.<step>). Plain, readable HTML without JS. */
export const PROCESS_STEPS = ["letter", "claim", "pay", "town"] as const;

/** Spec section 9: the animation starts at 30% visibility (its timing is in explainer-animation.ts). */
export const EXPLAINER_VISIBILITY_THRESHOLD = 0.3;

/**
 * Server HTML shows all four steps as they are (data-state="still"). After hydration, once 30%
 * of the section is in view, the animation code (explainer-animation.ts) loads and lights the
 * steps up one after another, replaying every 6 s until the section scrolls away. Visitors who
 * prefer reduced motion keep the still version and never download it.
 */
export function ProcessExplainer() {
  const sectionRef = useRef<HTMLElement>(null);
  const { t } = useTranslation("home");

  useEffect(() => {
    const section = sectionRef.current;
    if (!section || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let active = true;
    let stop: (() => void) | undefined;
    const probe = new IntersectionObserver(
      ([entry]) => {
        if (entry.intersectionRatio < EXPLAINER_VISIBILITY_THRESHOLD) return;
        probe.disconnect();
        import("./explainer-animation").then(
          (m) => {
            if (active) stop = m.animateExplainer(section, EXPLAINER_VISIBILITY_THRESHOLD);
          },
          (error) => console.error("The explainer animation could not be loaded", error)
        );
      },
      { threshold: EXPLAINER_VISIBILITY_THRESHOLD }
    );
    probe.observe(section);
    return () => {
      active = false;
      probe.disconnect();
      stop?.();
    };
  }, []);

  return (
    <section
      ref={sectionRef}
      aria-labelledby="process-heading"
      data-tour="btr-process"
      data-testid="process-explainer"
      data-animating="false"
      data-plays="0"
      className="bg-slate-50 py-16 dark:bg-slate-900"
    >
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="process-heading" className="text-center text-3xl font-bold">
          {t("process.heading")}
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-4">
          {PROCESS_STEPS.map((step, i) => (
            <li
              key={step}
              data-step={i + 1}
              data-state="still"
              className="group rounded-lg border border-slate-200 bg-white p-6 shadow-sm transition duration-500 data-[state=current]:border-primary-600 data-[state=done]:border-primary-600 data-[state=current]:shadow-md data-[state=current]:ring-2 data-[state=current]:ring-primary dark:border-slate-700 dark:bg-slate-950 motion-safe:data-[state=current]:-translate-y-1"
            >
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-primary-700 font-bold text-white transition duration-500 group-data-[state=pending]:bg-slate-600 motion-safe:group-data-[state=current]:scale-110">
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(`process.${step}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t(`process.${step}.body`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
