/**
 * The date the whole end-to-end run lives on (issue 21): the e2e server starts with
 * NODE_ENV=test and APP_NOW set to it, and the test process uses the same clock for its fixtures.
 * A Monday in November of FY2027 (October 1, 2026 - September 30, 2027): a receipt that expired
 * on September 30 is delinquent with November's 15% penalty.
 */
export const E2E_NOW = "2026-11-16T12:00:00-05:00";

/**
 * The second e2e server's date (tests/support/e2e-servers.ts, "july"): Thursday, July 1, 2027, the
 * day FY2028's receipts (October 1, 2027 - September 30, 2028) go on sale, still in FY2027.
 */
export const E2E_JULY_NOW = "2027-07-01T12:00:00-04:00";
