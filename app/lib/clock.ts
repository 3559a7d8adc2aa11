/**
 * The product's notion of "now", as pure helpers (no process.env here: see
 * `app/utils/clock.server.ts`, the only place that reads the setting).
 *
 * Tests fix the date with `APP_NOW` (an ISO 8601 date-time with an offset or `Z`, e.g.
 * `2027-11-15T12:00:00-05:00`). It is honoured only when NODE_ENV is "test"; any other start
 * ignores it and says so once. It is never settable through a request.
 */

/** `APP_NOW` must name an instant: a date-time with a UTC offset or Z (a bare date is ambiguous). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant an `APP_NOW` value names, or null when it is not an ISO date-time with an offset. */
export function parseAppNow(value: string | undefined | null): Date | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (!ISO_INSTANT.test(trimmed)) return null;
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? null : date;
}

export type ClockSetting = {
  /** The fixed instant, when the clock is frozen (tests only). */
  fixed: Date | null;
  /** One line to log when APP_NOW was given but is not used (production, or malformed). */
  warning: string | null;
};

/**
 * Decides what the clock does from NODE_ENV and APP_NOW. A fixed clock only under NODE_ENV=test;
 * otherwise the real time, with a warning when APP_NOW was set.
 */
export function resolveClockSetting(nodeEnv: string | undefined, appNow: string | undefined): ClockSetting {
  if (appNow === undefined || appNow === "") return { fixed: null, warning: null };
  if (nodeEnv !== "test") {
    return {
      fixed: null,
      warning: `APP_NOW is set but ignored: the date can only be fixed when NODE_ENV=test (NODE_ENV=${nodeEnv ?? "unset"}); using the real time.`,
    };
  }
  const fixed = parseAppNow(appNow);
  if (!fixed) {
    return {
      fixed: null,
      warning: `APP_NOW=${JSON.stringify(appNow)} is not an ISO date-time with an offset (e.g. 2027-11-15T12:00:00-05:00); using the real time.`,
    };
  }
  return { fixed, warning: null };
}
