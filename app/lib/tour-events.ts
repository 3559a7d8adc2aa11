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

export function startTourForPage(pathname: string) {
  const start = starters.get(pathname);
  if (!start) {
    toast({
      title: "Tour Not Available",
      description: "The tour feature is not available on this page.",
      variant: "destructive",
    });
    return;
  }
  toast({ title: "Tour Started", description: "Starting the guided tour for this page." });
  start();
}
