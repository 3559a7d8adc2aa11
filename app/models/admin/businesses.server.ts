/** The registry as the administrator sees it: the search of /search plus owner and claim fields. */
import { and, count, eq, gt, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, users } from "~/db/schema";
import type { PageRequest } from "~/lib/pagination";
import { searchBusinesses, type BusinessCard } from "~/models/business-search.server";
import { registryColumns } from "~/models/business.server";
import { page, type Page } from "./page.server";

/** The name / document search of the businesses tabs and the businesses report. */
export type BusinessFilters = { name?: string; doc?: string };

export type AdminBusiness = BusinessCard & {
  ownerId: number | null;
  ownerUsername: string | null;
  employeeCount: number | null;
  vehicleCount: number | null;
  claimedAt: Date | null;
};

/** The owner and claim fields a result card does not carry, for one page of ids. */
function withOwnership(cards: BusinessCard[]): AdminBusiness[] {
  if (cards.length === 0) return [];
  const extra = getDb()
    .select({
      id: businesses.id,
      ownerId: businesses.ownerId,
      ownerUsername: users.username,
      employeeCount: businesses.employeeCount,
      vehicleCount: businesses.vehicleCount,
      claimedAt: businesses.claimedAt,
    })
    .from(businesses)
    .leftJoin(users, eq(users.id, businesses.ownerId))
    .where(
      inArray(
        businesses.id,
        cards.map((c) => c.id),
      ),
    )
    .all();
  const byId = new Map(extra.map((e) => [e.id, e]));
  return cards.map((card) => {
    const e = byId.get(card.id);
    return {
      ...card,
      ownerId: e?.ownerId ?? null,
      ownerUsername: e?.ownerUsername ?? null,
      employeeCount: e?.employeeCount ?? null,
      vehicleCount: e?.vehicleCount ?? null,
      claimedAt: e?.claimedAt ?? null,
    };
  });
}

/**
 * One page of businesses (all, or only claimed ones). A name or document search goes through
 * the registry search (whose counts stop at COUNT_CAP: `capped` then says so); the plain lists
 * are exact and page through the whole registry in id order.
 */
export function listBusinesses(
  paging: PageRequest,
  filters: BusinessFilters = {},
  { claimed }: { claimed?: boolean } = {},
): Page<AdminBusiness> & { capped: boolean } {
  if (filters.name || filters.doc) {
    const result = searchBusinesses({ ...filters, claimed, page: paging.page, limit: paging.limit });
    return { items: withOwnership(result.businesses), pagination: result.pagination, capped: result.capped };
  }
  const db = getDb();
  // "owner_id > 0" lets SQLite count claimed businesses through the owner index.
  const where = claimed ? and(gt(businesses.ownerId, 0), eq(businesses.isClaimed, true)) : undefined;
  const total = db.select({ n: count() }).from(businesses).where(where).get()?.n ?? 0;
  const result = page(total, paging, (limit, offset) => {
    const ids = db.select({ id: businesses.id }).from(businesses).where(where).orderBy(businesses.id).limit(limit).offset(offset).all();
    if (ids.length === 0) return [];
    const cards = db
      .select(registryColumns)
      .from(businesses)
      .where(
        inArray(
          businesses.id,
          ids.map((r) => r.id),
        ),
      )
      .orderBy(businesses.id)
      .all();
    return withOwnership(cards);
  });
  return { ...result, capped: false };
}

