/**
 * The explainer's animation, loaded by <ProcessExplainer /> the first time 30% of the section
 * is in view. While at least 30% stays visible the steps light up one after another (data-state
 * pending → current → done), replaying every 6000 ms; scrolled away, every step goes back to
 * "still". Visitors who prefer reduced motion never get it.
 */

/** Spec section 9: replays every 6000 ms while visible. */
export const EXPLAINER_REPLAY_MS = 6000;
/** Time between two steps lighting up within one play. */
export const EXPLAINER_STEP_MS = 900;

/** `threshold` is the visibility that keeps it running (EXPLAINER_VISIBILITY_THRESHOLD). */
export function animateExplainer(section: HTMLElement, threshold: number): () => void {
  const steps = [...section.querySelectorAll<HTMLElement>("[data-step]")];
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  let stepTimers: number[] = [];
  let replay: number | undefined;
  let plays = Number(section.dataset.plays ?? 0);

  const light = (active: number | null) => {
    section.dataset.animating = active === null ? "false" : "true";
    steps.forEach((step, i) => {
      step.dataset.state = active === null ? "still" : i < active ? "done" : i === active ? "current" : "pending";
    });
  };
  const clearSteps = () => {
    stepTimers.forEach((t) => window.clearTimeout(t));
    stepTimers = [];
  };
  const play = () => {
    clearSteps();
    section.dataset.plays = String(++plays);
    light(0);
    stepTimers = steps.slice(1).map((_, i) => window.setTimeout(() => light(i + 1), (i + 1) * EXPLAINER_STEP_MS));
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
    light(null);
  };

  const observer = new IntersectionObserver(
    ([entry]) => {
      if (entry.isIntersecting && entry.intersectionRatio >= threshold) start();
      else stop();
    },
    { threshold }
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
}
