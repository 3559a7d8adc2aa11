import { useEffect, useRef, useState } from "react";

/** The four steps to a Business Tax Receipt (spec section 1). Plain, readable HTML without JS. */
export const PROCESS_STEPS = [
  {
    title: "We send a letter",
    body: "Every business operating in the town receives a letter with a 7-digit verification code.",
  },
  {
    title: "Claim your listing",
    body: "Find your business, claim it with the code from the letter and tell us your employee and vehicle counts.",
  },
  {
    title: "Pay your BTR online",
    body: "Pay the Business Tax Receipt fee by card on this website and get an instant digital receipt.",
  },
  {
    title: "The town receives it",
    body: "We transfer the funds and your business information to the town. You can print your receipt any time.",
  },
] as const;

/** Spec section 9: the animation starts at 30% visibility and replays every 6000 ms while visible. */
export const EXPLAINER_VISIBILITY_THRESHOLD = 0.3;
export const EXPLAINER_REPLAY_MS = 6000;
/** Time between two steps lighting up within one play. */
export const EXPLAINER_STEP_MS = 900;

type StepState = "still" | "pending" | "current" | "done";

function stepState(index: number, active: number | null): StepState {
  if (active === null) return "still";
  if (index < active) return "done";
  return index === active ? "current" : "pending";
}

const cardClass: Record<StepState, string> = {
  still: "border-slate-200 dark:border-slate-700",
  pending: "border-slate-200 dark:border-slate-700",
  current: "border-primary-600 ring-2 ring-primary motion-safe:-translate-y-1 shadow-md",
  done: "border-primary-600 dark:border-primary-600",
};

const badgeClass: Record<StepState, string> = {
  still: "bg-primary-700",
  pending: "bg-slate-600",
  current: "bg-primary-700 motion-safe:scale-110",
  done: "bg-primary-700",
};

/**
 * Server HTML shows all four steps as they are. After hydration, once 30% of the section is in
 * view, the steps light up one after another, replaying every 6 s until the section scrolls
 * away. Visitors who prefer reduced motion get the still version.
 */
export function ProcessExplainer() {
  const sectionRef = useRef<HTMLElement>(null);
  const [active, setActive] = useState<number | null>(null);
  const [plays, setPlays] = useState(0);

  useEffect(() => {
    const section = sectionRef.current;
    if (!section || typeof IntersectionObserver === "undefined") return;
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
    let stepTimers: number[] = [];
    let replay: number | undefined;

    const clearSteps = () => {
      stepTimers.forEach((t) => window.clearTimeout(t));
      stepTimers = [];
    };
    const play = () => {
      clearSteps();
      setPlays((n) => n + 1);
      stepTimers = PROCESS_STEPS.map((_, i) => window.setTimeout(() => setActive(i), i * EXPLAINER_STEP_MS));
    };
    const start = () => {
      if (replay !== undefined || reducedMotion.matches) return;
      play();
      replay = window.setInterval(play, EXPLAINER_REPLAY_MS);
    };
    const stop = () => {
      clearSteps();
      window.clearInterval(replay);
      replay = undefined;
      setActive(null);
    };

    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry.isIntersecting && entry.intersectionRatio >= EXPLAINER_VISIBILITY_THRESHOLD) start();
        else stop();
      },
      { threshold: EXPLAINER_VISIBILITY_THRESHOLD }
    );
    observer.observe(section);
    const onMotionChange = () => {
      if (reducedMotion.matches) stop();
    };
    reducedMotion.addEventListener("change", onMotionChange);
    return () => {
      observer.disconnect();
      reducedMotion.removeEventListener("change", onMotionChange);
      stop();
    };
  }, []);

  return (
    <section
      ref={sectionRef}
      aria-labelledby="process-heading"
      data-tour="btr-process"
      data-testid="process-explainer"
      data-animating={active !== null ? "true" : "false"}
      data-plays={plays}
      className="bg-slate-50 py-16 dark:bg-slate-900"
    >
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="process-heading" className="text-center text-3xl font-bold">
          How to get your Business Tax Receipt
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-4">
          {PROCESS_STEPS.map((step, i) => {
            const state = stepState(i, active);
            return (
              <li
                key={step.title}
                data-step={i + 1}
                data-state={state}
                className={`rounded-lg border bg-white p-6 shadow-sm transition duration-500 dark:bg-slate-950 ${cardClass[state]}`}
              >
                <span
                  className={`flex h-10 w-10 items-center justify-center rounded-full font-bold text-white transition duration-500 ${badgeClass[state]}`}
                >
                  {i + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
                <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{step.body}</p>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
