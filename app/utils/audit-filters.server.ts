/** The audit log's filters from a query string, one reading for the page and the API (400 on a bad date or id). */
import { parseId } from "~/lib/ids";
import type { AuditFilters } from "~/models/audit.server";
import { apiError, textParam } from "~/utils/http";

const day = /^\d{4}-\d{2}-\d{2}$/;

export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  const actor = textParam(params, "actor");
  if (actor) filters.actor = actor;
  const action = textParam(params, "action");
  if (action) filters.action = action;
  const entity = textParam(params, "entity");
  if (entity) filters.entityType = entity;
  const entityId = params.get("entityId");
  if (entityId) {
    const id = parseId(entityId);
    if (id === null) throw apiError(400, "entityId must be an id", { entityId: ["Must be an id"] });
    filters.entityId = id;
  }
  for (const key of ["from", "to"] as const) {
    const value = (params.get(key) ?? "").trim();
    if (!value) continue;
    if (!day.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) throw apiError(400, `${key} must be a date like 2026-09-30`, { [key]: ["Use a date like 2026-09-30"] });
    filters[key] = value;
  }
  return filters;
}
