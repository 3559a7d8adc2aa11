/**
 * "about 3 hours ago": when a session was last used, approximately (its row is touched at most
 * every 5 minutes), to follow "Last used". Computed on the server, so the HTML and the hydrated
 * page agree; in the reader's language (account:securityPage.lastUsed.*, issue 42).
 */
import type { TFunction } from "i18next";
import { formatCardDate } from "~/lib/dates";
import type { Language } from "~/lib/languages";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const KEY = "account:securityPage.lastUsed";

export function describeLastUsed(t: TFunction, at: Date | null | undefined, now: Date = new Date(), language: Language = "en"): string {
  if (!at) return t(`${KEY}.unknown`);
  const ago = now.getTime() - at.getTime();
  if (ago < 5 * MINUTE) return t(`${KEY}.recent`);
  if (ago < HOUR) return t(`${KEY}.minutes`, { n: Math.min(55, Math.round(ago / MINUTE / 5) * 5) });
  if (ago < 1.5 * HOUR) return t(`${KEY}.hour`);
  if (ago < DAY) return t(`${KEY}.hours`, { n: Math.min(23, Math.round(ago / HOUR)) });
  if (ago < 2 * DAY) return t(`${KEY}.yesterday`);
  if (ago < 7 * DAY) return t(`${KEY}.days`, { n: Math.floor(ago / DAY) });
  return t(`${KEY}.on`, { date: formatCardDate(at, undefined, language) });
}
