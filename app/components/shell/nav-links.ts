import type { PublicUser } from "~/lib/types";

/** `label` is a key of the common namespace (nav.*). */
export type NavLink = { to: string; label: string; match: string };

/** The header's main links. File & Pay goes to the dashboard when signed in, else to /login. */
export function mainLinks(user: Pick<PublicUser, "id"> | null): NavLink[] {
  const fileAndPay = user ? "/dashboard" : "/login";
  return [
    { to: "/", label: "nav.home", match: "/" },
    { to: "/search", label: "nav.search", match: "/search" },
    { to: fileAndPay, label: "nav.fileAndPay", match: fileAndPay },
  ];
}

/** Active by path prefix; Home only on "/" itself. */
export function isActive(pathname: string, match: string) {
  if (match === "/") return pathname === "/";
  return pathname === match || pathname.startsWith(`${match}/`);
}
