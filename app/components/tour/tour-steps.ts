import type { TourPage } from "~/lib/tour-progress";

export type TourStep = {
  /** CSS selector of the element the step points at; the step is skipped when it is missing. */
  target: string;
  title: string;
  content: string;
};

/**
 * The tours (spec section 2). Only the lazily loaded tour module imports this file, so none of
 * this text is in the first page load.
 */
export const TOUR_STEPS: Record<TourPage, TourStep[]> = {
  home: [
    {
      target: '[data-tour="welcome"]',
      title: "Welcome to the Florida Business Registry",
      content:
        "Search Florida businesses, claim your listing and pay your Business Tax Receipt online. This short tour shows you around.",
    },
    {
      target: '[data-tour="business-search"]',
      title: "Search for a business",
      content:
        "Look a business up by its name, its document number or its city. Suggestions appear as you type a name.",
    },
    {
      target: '[data-tour="btr-process"]',
      title: "How a Business Tax Receipt works",
      content:
        "Four steps: the town's letter arrives with your 7-digit code, you claim your listing, you pay the fee by card, and we pass the funds and your details to the town.",
    },
    {
      target: '[data-tour="featured-businesses"]',
      title: "Featured businesses",
      content: "A few businesses from the registry. Open one to see its details, or view more on the search page.",
    },
    {
      target: '[data-tour="help-menu"]',
      title: "Help is always here",
      content: "At the foot of every page: open this menu to restart the tour, read the help center and the FAQ, or contact support.",
    },
  ],
  search: [
    {
      target: '[data-tour="search-filters"]',
      title: "Filter your search",
      content:
        "Combine a business name, a document number, a city and a filing type. The address bar keeps your filters, so you can share or bookmark the results.",
    },
    {
      target: '[data-tour="search-results"]',
      title: "Your results",
      content:
        "Ten businesses per page. Choose 'View details' to see a business, claim it or pay its Business Tax Receipt.",
    },
  ],
};
