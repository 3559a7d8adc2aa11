/**
 * The audit log's filters and how a query string says them: one reading for the page and the
 * API (the API answers a bad date or id with 400; the page shows the whole log instead).
 */
import { parseId } from "~/lib/ids";
import { readTextParam } from "~/lib/search-params";

export type AuditFilters = {
  actor?: string;
  action?: string;
  entityType?: string;
  entityId?: number;
  /** yyyy-MM-dd, inclusive, UTC */
  from?: string;
  /** yyyy-MM-dd, inclusive, UTC */
  to?: string;
};

export type AuditFiltersReading =
  | { ok: true; filters: AuditFilters }
  | { ok: false; message: string; fieldErrors: Record<string, string[]> };

const day = /^\d{4}-\d{2}-\d{2}$/;

export function readAuditFilters(params: URLSearchParams): AuditFiltersReading {
  const filters: AuditFilters = {};
  const actor = readTextParam(params, "actor");
  if (actor) filters.actor = actor;
  const action = readTextParam(params, "action");
  if (action) filters.action = action;
  const entity = readTextParam(params, "entity");
  if (entity) filters.entityType = entity;
  const entityId = params.get("entityId");
  if (entityId) {
    const id = parseId(entityId);
    if (id === null) return { ok: false, message: "entityId must be an id", fieldErrors: { entityId: ["Must be an id"] } };
    filters.entityId = id;
  }
  for (const key of ["from", "to"] as const) {
    const value = (params.get(key) ?? "").trim();
    if (!value) continue;
    if (!day.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
      return { ok: false, message: `${key} must be a date like 2026-09-30`, fieldErrors: { [key]: ["Use a date like 2026-09-30"] } };
    }
    filters[key] = value;
  }
  return { ok: true, filters };
}
