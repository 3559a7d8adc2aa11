import type { TourPage } from "~/lib/tour-progress";

export type TourStep = {
  /** CSS selector of the element the step points at; the step is skipped when it is missing. */
  target: string;
  /** Keys in the "help" namespace (app/locales/<language>/help.json, tour.*). */
  title: string;
  content: string;
};

const step = (target: string, key: string): TourStep => ({
  target,
  title: `tour.${key}.title`,
  content: `tour.${key}.content`,
});

/**
 * The tours (spec section 2). Only the lazily loaded tour module imports this file, so none of
 * this text is in the first page load; the texts are in the "help" namespace, which the tour
 * loads before it shows (issue 42).
 */
export const TOUR_STEPS: Record<TourPage, TourStep[]> = {
  home: [
    step('[data-tour="welcome"]', "home.welcome"),
    step('[data-tour="business-search"]', "home.search"),
    step('[data-tour="btr-process"]', "home.process"),
    step('[data-tour="featured-businesses"]', "home.featured"),
    step('[data-tour="help-menu"]', "home.help"),
  ],
  search: [step('[data-tour="search-filters"]', "search.filters"), step('[data-tour="search-results"]', "search.results")],
};
