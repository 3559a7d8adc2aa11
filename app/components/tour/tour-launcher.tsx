/**
 * Knows which pages have a tour (by pathname), registers them for the help menu's "Start
 * Interactive Tour" and starts them once for first-time visitors. Deliberately tiny: the tour
 * itself (state, overlay, popover, positioning, focus handling) is fetched with import() only
 * when a tour starts.
 */
import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/lib/toast-store";
import { registerTour } from "~/lib/tour-events";
import { markTourEnded, resetTourProgress, shouldAutoStartTour, tourPageFor } from "~/lib/tour-progress";
import type * as GuidedTourModule from "./guided-tour";

/** Delay before the automatic first-visit tour, so the page has rendered and settled. */
const AUTO_START_DELAY_MS = 800;

const services = { toast, markTourEnded, resetTourProgress };

let tourModule: Promise<typeof GuidedTourModule> | undefined;
const loadTour = () => (tourModule ??= import("./guided-tour"));

export function TourLauncher() {
  const { pathname } = useLocation();
  const page = tourPageFor(pathname);
  const { i18n } = useTranslation();

  useEffect(() => {
    if (!page) return;
    let active = true;
    // The tour's texts (the help namespace) come with its code: a page carries only its own.
    const start = (reset: boolean) =>
      Promise.all([loadTour(), i18n.loadNamespaces("help")]).then(
        // The visitor may have left the page while the code loaded.
        ([tour]) => active && tour.runTour(page, { reset, services }),
        (error) => {
          tourModule = undefined;
          console.error("The guided tour could not be loaded", error);
        }
      );
    // The help menu's "Start Interactive Tour" resets and restarts this page's tour.
    const unregister = registerTour(pathname, () => start(true));
    // First-time visitors get the page's tour once.
    const timer = shouldAutoStartTour(page) ? window.setTimeout(() => start(false), AUTO_START_DELAY_MS) : undefined;
    return () => {
      active = false;
      unregister();
      window.clearTimeout(timer);
      // Leaving the page ends its tour quietly.
      if (tourModule)
        void tourModule.then(
          (tour) => tour.stopTour(),
          () => {}
        );
    };
  }, [page, pathname, i18n]);

  return null;
}
