/**
 * The guided tour: its state (idle → running → finished | skipped), overlay, spotlight, step
 * popover and focus handling. Heavy and rarely used, so it is only ever loaded with a dynamic
 * import() when a tour starts (see tour-launcher.tsx), and renders into its own React root.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { getI18n, useTranslation } from "react-i18next";
import type { toast as showToast } from "~/lib/toast-store";
import type { markTourEnded as markEnded, resetTourProgress as resetProgress, TourPage } from "~/lib/tour-progress";
import { TOUR_STEPS, type TourStep } from "./tour-steps";

/** Spec section 9. */
export const TOUR_Z_INDEX = 10000;
export const TOUR_PRIMARY_COLOR = "#3182ce";

export type TourOutcome = "finished" | "skipped" | "empty";
export type GuidedTourProps = { page: TourPage; onEnd: (outcome: TourOutcome) => void };

type Box = { top: number; left: number; width: number; height: number };

const SPOTLIGHT_PADDING = 8;
const GAP = 12;
const MARGIN = 8;

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

function findTarget(step: TourStep | undefined): HTMLElement | null {
  if (!step) return null;
  const el = document.querySelector<HTMLElement>(step.target);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width > 0 || r.height > 0 ? el : null;
}

function prefersReducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function measure(el: HTMLElement): Box {
  const r = el.getBoundingClientRect();
  const top = Math.max(r.top - SPOTLIGHT_PADDING, 0);
  const left = Math.max(r.left - SPOTLIGHT_PADDING, 0);
  const bottom = Math.min(r.bottom + SPOTLIGHT_PADDING, window.innerHeight);
  const right = Math.min(r.right + SPOTLIGHT_PADDING, window.innerWidth);
  return { top, left, width: Math.max(right - left, 0), height: Math.max(bottom - top, 0) };
}

/** Below the target if it fits, else above, else over the bottom of the viewport; always on screen. */
function placePopover(target: Box, popover: { width: number; height: number }) {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const left = Math.min(
    Math.max(target.left + target.width / 2 - popover.width / 2, MARGIN),
    Math.max(vw - popover.width - MARGIN, MARGIN)
  );
  const below = target.top + target.height + GAP;
  if (below + popover.height <= vh - MARGIN) return { top: below, left, placement: "bottom" as const };
  const above = target.top - GAP - popover.height;
  if (above >= MARGIN) return { top: above, left, placement: "top" as const };
  return { top: Math.max(vh - popover.height - MARGIN * 2, MARGIN), left, placement: "inside" as const };
}

export function GuidedTour({ page, onEnd }: GuidedTourProps) {
  const { t } = useTranslation("help");
  // Steps whose target is missing when the tour starts are skipped (and counted out).
  const steps = useMemo(() => TOUR_STEPS[page].filter((step) => findTarget(step)), [page]);
  const [index, setIndex] = useState(0);
  const [box, setBox] = useState<Box | null>(null);
  const [position, setPosition] = useState<{ top: number; left: number; placement: string } | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const endedRef = useRef(false);
  const titleId = useId();
  const bodyId = useId();
  const step = steps[index];
  const isLast = index === steps.length - 1;

  const end = useCallback(
    (outcome: TourOutcome) => {
      if (endedRef.current) return;
      endedRef.current = true;
      onEnd(outcome);
    },
    [onEnd]
  );

  /** Moves on, skipping any step whose target disappeared since the tour began. */
  const go = useCallback(
    (direction: 1 | -1) => {
      let next = index + direction;
      while (next >= 0 && next < steps.length && !findTarget(steps[next])) next += direction;
      if (next >= steps.length) end("finished");
      else if (next >= 0) setIndex(next);
    },
    [end, index, steps]
  );

  useEffect(() => {
    if (steps.length === 0) end("empty");
  }, [end, steps.length]);

  // Bring the target into view and spotlight it; follow it on scroll and resize.
  useLayoutEffect(() => {
    const target = findTarget(step);
    if (!step) return;
    if (!target) {
      go(1);
      return;
    }
    target.scrollIntoView({ block: "center", inline: "nearest", behavior: "auto" });
    setBox(measure(target));
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const current = findTarget(step);
        if (current) setBox(measure(current));
      });
    };
    window.addEventListener("scroll", update, true);
    window.addEventListener("resize", update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update, true);
      window.removeEventListener("resize", update);
    };
  }, [step, go]);

  // Place the popover once its size is known.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!box || !dialog) return;
    setPosition(placePopover(box, { width: dialog.offsetWidth, height: dialog.offsetHeight }));
  }, [box, index]);

  // Each step's popover takes focus (once it is placed and visible), so screen readers
  // announce its title and text.
  const placed = position !== null;
  useEffect(() => {
    if (placed) dialogRef.current?.focus({ preventScroll: true });
  }, [index, placed]);

  // Escape closes; Tab stays inside the popover while the tour runs.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        end("skipped");
        return;
      }
      if (event.key !== "Tab" || !dialogRef.current) return;
      const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      const inside = dialogRef.current.contains(active);
      if (event.shiftKey && (active === first || !inside || active === dialogRef.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown, true);
    return () => document.removeEventListener("keydown", onKeyDown, true);
  }, [end]);

  if (!step) return null;
  // Only position and size move smoothly (a transition on visibility would delay focus). Both
  // boxes sit at the viewport's origin and move by transform, never by top/left: a transform
  // is not a layout shift, so the tour costs the page no CLS (Lighthouse counted 0.36 when the
  // popover slid in by `top`). The popover animates only between steps, not into its first place.
  const motion = prefersReducedMotion() ? "" : "transition-[transform,width,height] duration-200";

  return (
    <div
      data-tour-root="guided-tour-v1"
      data-tour-page={page}
      style={{ position: "fixed", inset: 0, zIndex: TOUR_Z_INDEX }}
    >
      {/* The dimmed backdrop: a click anywhere on it closes the tour. */}
      <div
        data-testid="tour-overlay"
        aria-hidden="true"
        onClick={() => end("skipped")}
        style={{ position: "absolute", inset: 0, background: box ? "transparent" : "rgba(15, 23, 42, 0.6)" }}
      />
      {box ? (
        <div
          data-testid="tour-spotlight"
          aria-hidden="true"
          className={`pointer-events-none rounded-lg ${motion}`}
          style={{
            position: "absolute",
            top: 0,
            left: 0,
            transform: `translate(${box.left}px, ${box.top}px)`,
            width: box.width,
            height: box.height,
            boxShadow: `0 0 0 3px ${TOUR_PRIMARY_COLOR}, 0 0 0 9999px rgba(15, 23, 42, 0.6)`,
          }}
        />
      ) : null}
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        data-testid="tour-popover"
        data-placement={position?.placement}
        className={`w-[min(22rem,calc(100vw-1rem))] rounded-lg bg-white p-5 text-slate-900 shadow-2xl outline-none focus-visible:ring-4 dark:bg-slate-900 dark:text-slate-100 ${index > 0 ? motion : ""}`}
        style={{
          position: "absolute",
          top: 0,
          left: 0,
          transform: `translate(${position?.left ?? MARGIN}px, ${position?.top ?? MARGIN}px)`,
          visibility: position ? "visible" : "hidden",
          borderTop: `4px solid ${TOUR_PRIMARY_COLOR}`,
        }}
      >
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
          {t("tour.step", { current: index + 1, total: steps.length })}
        </p>
        <h2 id={titleId} className="mt-1 text-lg font-semibold">
          {t(step.title)}
        </h2>
        <p id={bodyId} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {t(step.content)}
        </p>
        <div className="mt-3 flex gap-1" aria-hidden="true">
          {steps.map((s, i) => (
            <span
              key={s.target}
              className="h-1.5 flex-1 rounded-full"
              style={{ background: i <= index ? TOUR_PRIMARY_COLOR : "rgba(148, 163, 184, 0.4)" }}
            />
          ))}
        </div>
        <div className="mt-4 flex items-center gap-2">
          <button
            type="button"
            onClick={() => end("skipped")}
            className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            {t("tour.skip")}
          </button>
          <span className="flex-1" />
          {index > 0 ? (
            <button
              type="button"
              onClick={() => go(-1)}
              className="rounded-md border px-3 py-2 text-sm font-medium hover:bg-slate-50 dark:hover:bg-slate-800"
              style={{ borderColor: TOUR_PRIMARY_COLOR }}
            >
              {t("tour.back")}
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => go(1)}
            // #3182ce is the tour's colour; white text on it is too faint, so the fill is its darker shade.
            className="rounded-md bg-primary-700 px-4 py-2 text-sm font-semibold text-white hover:bg-primary-800"
            style={{ boxShadow: `0 0 0 2px ${TOUR_PRIMARY_COLOR}` }}
          >
            {isLast ? t("tour.finish") : t("tour.next")}
          </button>
        </div>
      </div>
    </div>
  );
}

/** idle → running → finished | skipped (spec section 4). */
export type TourStatus = "idle" | "running" | "finished" | "skipped";

let status: TourStatus = "idle";
let mounted: { root: Root; container: HTMLElement; returnFocus: Element | null } | null = null;

export function getTourStatus(): TourStatus {
  return status;
}

function unmount() {
  const current = mounted;
  mounted = null;
  if (!current) return null;
  current.root.unmount();
  current.container.remove();
  return current;
}

/**
 * The page's toast and storage helpers, handed over by the launcher: importing them here would
 * split those small modules into extra shared chunks of the first page load.
 */
export type TourServices = {
  toast: typeof showToast;
  markTourEnded: typeof markEnded;
  resetTourProgress: typeof resetProgress;
};

/** Starts a page's tour (the help menu resets its progress first); a running tour is left alone. */
export function runTour(page: TourPage, { reset = false, services }: { reset?: boolean; services: TourServices }) {
  const { toast, markTourEnded, resetTourProgress } = services;
  if (mounted) return;
  if (reset) resetTourProgress(page);
  const container = document.createElement("div");
  document.body.appendChild(container);
  mounted = { root: createRoot(container), container, returnFocus: document.activeElement };
  status = "running";

  const onEnd = (outcome: TourOutcome) => {
    const ended = unmount();
    if (outcome === "empty") {
      status = "idle";
    } else {
      status = outcome;
      markTourEnded(page, outcome);
      if (outcome === "finished") {
        toast({ title: "help:tour.completedTitle", description: "help:tour.completedText" });
      } else {
        toast({ title: "help:tour.skippedTitle", description: "help:tour.skippedText" });
      }
    }
    // Focus goes back where it was before the tour.
    const previous = ended?.returnFocus;
    if (previous instanceof HTMLElement && previous.isConnected) previous.focus({ preventScroll: true });
  };
  // Defer so that unmounting from inside the tour's own event handlers is safe.
  const tour = <GuidedTour page={page} onEnd={(outcome) => queueMicrotask(() => onEnd(outcome))} />;
  // The tour's texts are in the "help" namespace, which most pages do not bring: it is loaded
  // first (in the page's language), unless the visitor left the page meanwhile.
  const root = mounted.root;
  const render = () => {
    if (mounted?.root === root) root.render(tour);
  };
  getI18n().loadNamespaces("help").then(render, render);
}

/** Leaving the page ends its tour quietly (no toast, progress unchanged). */
export function stopTour() {
  if (unmount()) status = "idle";
}
