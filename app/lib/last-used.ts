/**
 * "about 3 hours ago": when a session was last used, approximately (its row is touched at most
 * every 5 minutes), to follow "Last used". Computed on the server, so the HTML and the hydrated
 * page agree.
 */
import { formatCardDate } from "~/lib/dates";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function describeLastUsed(at: Date | null | undefined, now: Date = new Date()): string {
  if (!at) return "at an unknown time";
  const ago = now.getTime() - at.getTime();
  if (ago < 5 * MINUTE) return "in the last 5 minutes";
  if (ago < HOUR) return `about ${Math.min(55, Math.round(ago / MINUTE / 5) * 5)} minutes ago`;
  if (ago < 1.5 * HOUR) return "about an hour ago";
  if (ago < DAY) return `about ${Math.min(23, Math.round(ago / HOUR))} hours ago`;
  if (ago < 2 * DAY) return "yesterday";
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} days ago`;
  return `on ${formatCardDate(at)}`;
}
