import { resolveClockSetting, type ClockSetting } from "~/lib/clock";
import { getEnv } from "~/utils/env.server";

/**
 * The one clock of the server. Code that decides anything about the tax year (standing, penalty,
 * which year a payment buys, the renewal charge date) asks `now()` instead of `new Date()`.
 *
 * `APP_NOW` fixes it, only when NODE_ENV=test (read from the process environment at the first
 * call, never from a request). A production start ignores APP_NOW and logs one line saying so.
 */
let setting: ClockSetting | undefined;
let override: Date | null = null;

function current(): ClockSetting {
  if (!setting) {
    // NODE_ENV as the environment gives it at run time (getEnv reads process.env whole): the
    // compiler replaces a literal `process.env.NODE_ENV` in the server build with "production".
    setting = resolveClockSetting(getEnv().NODE_ENV, process.env.APP_NOW);
    if (setting.warning) console.warn(`[clock] ${setting.warning}`);
  }
  return setting;
}

/** The current instant: APP_NOW (tests) or the real time. A fresh Date each call. */
export function now(): Date {
  if (override) return new Date(override.getTime());
  const fixed = current().fixed;
  return fixed ? new Date(fixed.getTime()) : new Date();
}

/** Whether the clock is fixed (shown nowhere to visitors; for logs and tests). */
export function isClockFixed(): boolean {
  return override !== null || current().fixed !== null;
}

/**
 * In-process tests move the clock without touching the environment. Refused outside
 * NODE_ENV=test, so no code path in production can change the date.
 */
export function setTestNow(date: Date | string | null): void {
  if (getEnv().NODE_ENV !== "test") throw new Error("setTestNow is only available when NODE_ENV=test");
  override = date === null ? null : new Date(date);
}

/** Forget the cached setting (tests that change process.env.APP_NOW between cases). */
export function resetClock(): void {
  setting = undefined;
  override = null;
}
