/**
 * HTTP input, one policy each, used by the JSON API and the pages: ids (~/lib/ids), paging,
 * free-text filters, JSON bodies, and the JSON error shape with its 400/405/413/415 answers; and
 * the headers of a file download.
 * Server-only: routes import it; components never do.
 */
export { apiError, assertMethod, fieldErrorsOf, INVALID_INPUT, type FieldErrors } from "./errors.server";
export { readJsonObject, readJsonWith, requireJsonContentType } from "./body.server";
export { downloadResponse, pdfHeaders } from "./download.server";
export { parseId, requireApiId, requireBodyId } from "./ids.server";
export { intParam, readPaging, type PageRequest } from "./paging.server";
export { cityFilter, MAX_QUERY_CHARS, readBusinessFilters, readSearchFilters, textParam } from "./text";
