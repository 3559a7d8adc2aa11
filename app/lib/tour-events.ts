import { getI18n } from "react-i18next";
import { toast } from "~/lib/toast-store";

/**
 * The help menu's "Start Interactive Tour". Pages that have a tour register a starter;
 * the tour's own code stays out of the first page load.
 */
type TourStarter = () => void;
const starters = new Map<string, TourStarter>();

export function registerTour(pathname: string, start: TourStarter) {
  starters.set(pathname, start);
  return () => {
    if (starters.get(pathname) === start) starters.delete(pathname);
  };
}

/** The notices are keys of the "help" namespace (issue 42), loaded first when the page lacks it. */
export function startTourForPage(pathname: string) {
  const start = starters.get(pathname);
  const notify = () => {
    if (!start) {
      toast({ title: "help:tour.notAvailableTitle", description: "help:tour.notAvailableText", variant: "destructive" });
      return;
    }
    toast({ title: "help:tour.startedTitle", description: "help:tour.startedText" });
  };
  const i18n = getI18n();
  if (!i18n || i18n.hasLoadedNamespace("help")) notify();
  else i18n.loadNamespaces("help").then(notify, notify);
  start?.();
}
