export const DEFAULT_REDIRECT = "/dashboard";

/**
 * Only same-site paths are followed: "/dashboard", "/claim/1?x=y". Absolute URLs,
 * protocol-relative "//host", backslash tricks ("/\\host") and "javascript:" fall back.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback: string = DEFAULT_REDIRECT,
): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Browsers treat "\" as "/" and strip tabs and newlines, which would turn "/\t/host" into "//host".
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f]/.test(to)) return fallback;
  try {
    const url = new URL(to, "http://app.invalid");
    if (url.origin !== "http://app.invalid") return fallback;
  } catch {
    return fallback;
  }
  return to;
}
