/**
 * Guided-tour progress in browser storage (spec sections 3 and 4): a viewed flag per page
 * name, plus a dismissed flag set when the visitor skips a tour. Small on purpose: it ships in
 * the first page load, the tour itself does not.
 */
export const TOUR_PAGES = { "/": "home", "/search": "search" } as const;
export type TourPage = (typeof TOUR_PAGES)[keyof typeof TOUR_PAGES];

/** localStorage key holding `{ viewed: { home: true, ... }, dismissed: boolean }`. */
export const TOUR_PROGRESS_KEY = "tour-progress";
/**
 * Automated browsers (navigator.webdriver) never get the automatic first-visit tour, so other
 * end-to-end tests are not covered by its overlay. Setting this key to "force" opts back in.
 */
export const TOUR_AUTOSTART_KEY = "tour-autostart";

export type TourProgress = { viewed: Partial<Record<TourPage, boolean>>; dismissed: boolean };

export function tourPageFor(pathname: string): TourPage | null {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return (TOUR_PAGES as Record<string, TourPage>)[normalised] ?? null;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy settings): behave as a first visit, persist nothing
  }
}

export function readTourProgress(): TourProgress {
  const raw = storage()?.getItem(TOUR_PROGRESS_KEY);
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === "object") {
      const { viewed, dismissed } = parsed as Partial<TourProgress>;
      return {
        viewed: viewed && typeof viewed === "object" ? viewed : {},
        dismissed: dismissed === true,
      };
    }
  } catch {
    // a corrupt value counts as no progress
  }
  return { viewed: {}, dismissed: false };
}

function writeTourProgress(progress: TourProgress) {
  try {
    storage()?.setItem(TOUR_PROGRESS_KEY, JSON.stringify(progress));
  } catch {
    // quota or disabled storage: the tour simply may show again
  }
}

/** Either end of a tour marks the page viewed; skipping also sets the dismissed flag. */
export function markTourEnded(page: TourPage, outcome: "finished" | "skipped") {
  const progress = readTourProgress();
  writeTourProgress({
    viewed: { ...progress.viewed, [page]: true },
    dismissed: progress.dismissed || outcome === "skipped",
  });
}

/** "Start Interactive Tour" resets the page's progress before starting it again. */
export function resetTourProgress(page: TourPage) {
  const progress = readTourProgress();
  const viewed = { ...progress.viewed };
  delete viewed[page];
  writeTourProgress({ viewed, dismissed: false });
}

/** First-time visitors only: not viewed, not dismissed, and not an automated browser (unless forced). */
export function shouldAutoStartTour(page: TourPage): boolean {
  const store = storage();
  if (!store) return false;
  const forced = store.getItem(TOUR_AUTOSTART_KEY) === "force";
  if (!forced && typeof navigator !== "undefined" && navigator.webdriver) return false;
  const progress = readTourProgress();
  return !progress.viewed[page] && !progress.dismissed;
}
