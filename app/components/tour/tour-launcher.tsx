/**
 * Knows which pages have a tour (by pathname), registers them for the help menu's "Start
 * Interactive Tour" and starts them once for first-time visitors. The tour itself (overlay,
 * popover, positioning, focus handling) is fetched with import() only when a tour starts.
 */
import { useLocation } from "@remix-run/react";
import { type ComponentType, useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { toast } from "~/lib/toast-store";
import { registerTour } from "~/lib/tour-events";
import { markTourEnded, resetTourProgress, shouldAutoStartTour, tourPageFor, type TourPage } from "~/lib/tour-progress";
import type { GuidedTourProps, TourOutcome } from "./guided-tour";

/** idle → running → finished | skipped (spec section 4). */
export type TourStatus = "idle" | "running" | "finished" | "skipped";

/** Delay before the automatic first-visit tour, so the page has rendered and settled. */
const AUTO_START_DELAY_MS = 800;

const loadGuidedTour = () => import("./guided-tour");

type Running = { page: TourPage; Tour: ComponentType<GuidedTourProps>; id: number };

export function TourLauncher() {
  const { pathname } = useLocation();
  const page = tourPageFor(pathname);
  const [running, setRunningState] = useState<Running | null>(null);
  const runningRef = useRef<Running | null>(null);
  const setRunning = useCallback((next: Running | null) => {
    runningRef.current = next;
    setRunningState(next);
  }, []);
  const statusRef = useRef<TourStatus>("idle");
  const returnFocusRef = useRef<Element | null>(null);
  const pageRef = useRef(page);
  pageRef.current = page;

  const start = useCallback(
    async (tourPage: TourPage) => {
      if (statusRef.current === "running") return;
      statusRef.current = "running";
      returnFocusRef.current = document.activeElement;
      try {
        const { GuidedTour } = await loadGuidedTour();
        // The visitor may have navigated away while the code loaded.
        if (pageRef.current !== tourPage) {
          statusRef.current = "idle";
          return;
        }
        setRunning({ page: tourPage, Tour: GuidedTour, id: Date.now() });
      } catch (error) {
        statusRef.current = "idle";
        console.error("The guided tour could not be loaded", error);
      }
    },
    [setRunning]
  );

  const onEnd = useCallback(
    (outcome: TourOutcome) => {
      const ended = runningRef.current;
      if (!ended) return;
      setRunning(null);
      if (outcome === "empty") {
        statusRef.current = "idle";
      } else {
        statusRef.current = outcome;
        markTourEnded(ended.page, outcome);
        if (outcome === "finished") {
          toast({
            title: "Tour Completed",
            description: "You've completed the tour! Access more help anytime from the help menu.",
          });
        } else {
          toast({ title: "Tour Skipped", description: "You can restart the tour anytime from the help menu." });
        }
      }
      // Focus goes back where it was before the tour.
      const previous = returnFocusRef.current;
      returnFocusRef.current = null;
      requestAnimationFrame(() => {
        if (previous instanceof HTMLElement && previous.isConnected) previous.focus({ preventScroll: true });
      });
    },
    [setRunning]
  );

  // Leaving the page ends its tour quietly.
  useEffect(() => {
    if (runningRef.current && runningRef.current.page !== page) setRunning(null);
    if (statusRef.current === "running") statusRef.current = "idle";
  }, [page, setRunning]);

  // The help menu's "Start Interactive Tour" resets and restarts this page's tour.
  useEffect(() => {
    if (!page) return;
    return registerTour(pathname, () => {
      resetTourProgress(page);
      void start(page);
    });
  }, [page, pathname, start]);

  // First-time visitors get the page's tour once.
  useEffect(() => {
    if (!page || !shouldAutoStartTour(page)) return;
    const timer = window.setTimeout(() => void start(page), AUTO_START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [page, start]);

  if (!running) return null;
  const { Tour } = running;
  return createPortal(<Tour key={running.id} page={running.page} onEnd={onEnd} />, document.body);
}
