/** Business statuses of the registry and their badge colours (spec section 4, case-insensitive). */
export const BUSINESS_STATUSES = ["ACTIVE", "INACTIVE", "PENDING", "DISSOLVED", "REVOKED", "WITHDRAWN"] as const;

export type BadgeColour = "green" | "red" | "yellow" | "gray" | "blue";

const COLOURS: Record<string, BadgeColour> = {
  ACTIVE: "green",
  INACTIVE: "red",
  PENDING: "yellow",
  DISSOLVED: "gray",
  REVOKED: "red",
  WITHDRAWN: "gray",
};

export function statusColour(status: string | null | undefined): BadgeColour {
  return COLOURS[(status ?? "").toUpperCase()] ?? "blue";
}
