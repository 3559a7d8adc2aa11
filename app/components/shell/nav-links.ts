import type { PublicUser } from "~/lib/types";

export type NavLink = { to: string; label: string; match: string };

/** The header's main links. File & Pay goes to the dashboard when signed in, else to /login. */
export function mainLinks(user: Pick<PublicUser, "id"> | null): NavLink[] {
  const fileAndPay = user ? "/dashboard" : "/login";
  return [
    { to: "/", label: "Home", match: "/" },
    { to: "/search", label: "Business Search", match: "/search" },
    { to: fileAndPay, label: "File & Pay", match: fileAndPay },
  ];
}

/** Active by path prefix; Home only on "/" itself. */
export function isActive(pathname: string, match: string) {
  if (match === "/") return pathname === "/";
  return pathname === match || pathname.startsWith(`${match}/`);
}
