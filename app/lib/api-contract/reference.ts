/**
 * The /developers page's view of the contract: plain strings and rows, built on the server from
 * the same entries as /api/openapi.json (so the page cannot say something the document doesn't).
 */
import type { z } from "zod";
import { ENDPOINTS, TAGS, type Endpoint, type ResponseSpec, type Tag } from "./endpoints";
import { inputJsonSchema } from "./openapi";

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  const?: unknown;
  enum?: unknown[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  contentMediaType?: string;
};

export type FieldRow = { name: string; where?: string; required: boolean; type: string; notes: string };
export type ResponseRow = { status: number; description: string; example?: string };
export type EndpointView = {
  anchor: string;
  method: Endpoint["method"];
  path: string;
  summary: string;
  description?: string;
  access: string;
  params: FieldRow[];
  /** `optional`: the endpoint also takes no body at all. */
  body?: { contentType: string; optional: boolean; fields: FieldRow[] };
  exampleRequest: string;
  exampleStatus: number;
  exampleAnswer: string;
  responses: ResponseRow[];
};
export type TagView = { tag: Tag; description: string; endpoints: EndpointView[] };

const ACCESS: Record<Endpoint["auth"], string> = {
  none: "Anyone",
  session: "Signed in (session cookie)",
  admin: "Administrators (session cookie)",
  staff: "Staff: administrators and clerks (session cookie)",
  "pending-sign-in": "Half signed in (the __signin cookie POST /api/login set)",
  "stripe-signature": "Stripe (Stripe-Signature header)",
};

const HUGE = 1e12;

function typeOf(schema: JsonSchema): string {
  if (schema.format === "binary") return "file";
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" or ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.format === "binary") return "file";
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any");
  return schema.format ? `${type} (${schema.format})` : type;
}

function notesOf(schema: JsonSchema): string {
  const notes: string[] = [];
  const inner = schema.format === "binary" ? schema : (schema.anyOf?.find((s) => s.type !== "null") ?? schema);
  if (inner.minLength !== undefined && inner.minLength === inner.maxLength) notes.push(`exactly ${inner.minLength} characters`);
  else {
    if (inner.minLength === 1) notes.push("not empty");
    else if (inner.minLength) notes.push(`at least ${inner.minLength} characters`);
    if (inner.maxLength !== undefined && inner.format !== "binary") notes.push(`at most ${inner.maxLength} characters`);
  }
  if (inner.format === "binary" && inner.maxLength) notes.push(`at most ${Math.round(inner.maxLength / 1024 / 1024)} MB`);
  const mediaTypes = (schema.anyOf ?? []).map((s) => s.contentMediaType).filter(Boolean);
  if (mediaTypes.length) notes.push(mediaTypes.join(", "));
  if (inner.minimum !== undefined && Math.abs(inner.minimum) < HUGE) notes.push(`from ${inner.minimum}`);
  if (inner.maximum !== undefined && Math.abs(inner.maximum) < HUGE) notes.push(`up to ${inner.maximum}`);
  if (inner.pattern && inner.format !== "email") notes.push(`matches ${inner.pattern}`);
  if (schema.description ?? inner.description) notes.push((schema.description ?? inner.description)!);
  return notes.join("; ");
}

function fieldRows(object: JsonSchema, where?: string): FieldRow[] {
  return Object.entries(object.properties ?? {}).map(([name, schema]) => ({
    name,
    ...(where ? { where } : {}),
    required: where === "path" || (object.required ?? []).includes(name),
    type: typeOf(schema),
    notes: notesOf(schema),
  }));
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

/** Multipart file fields, and the file the example request sends in each. */
const EXAMPLE_FILES: Record<string, string> = { driversLicenseFile: "license.png", file: "lease.pdf" };

function curl(endpoint: Endpoint, origin: string): string {
  const url = `${origin}${endpoint.examplePath ?? endpoint.path}`;
  const lines = [endpoint.method === "GET" ? `curl ${quote(url)}` : `curl -X ${endpoint.method} ${quote(url)}`];
  if (endpoint.operationId === "login") lines.push("  -c cookies.txt");
  else if (endpoint.auth === "pending-sign-in") lines.push("  -b cookies.txt -c cookies.txt");
  else if (endpoint.auth === "session" || endpoint.auth === "admin" || endpoint.auth === "staff") lines.push("  -b cookies.txt");
  if (endpoint.auth === "stripe-signature") lines.push("  -H 'Stripe-Signature: t=...,v1=...'");
  const body = endpoint.body;
  if (body?.type === "json") {
    lines.push("  -H 'Content-Type: application/json'", `  -d ${quote(JSON.stringify(body.example))}`);
  } else if (body?.type === "multipart") {
    for (const [name, value] of Object.entries(body.example)) {
      const file = EXAMPLE_FILES[name];
      lines.push(file ? `  -F ${name}=@${file}` : `  -F ${quote(`${name}=${String(value)}`)}`);
    }
  }
  return lines.join(" \\\n");
}

function view(endpoint: Endpoint, origin: string): EndpointView {
  const responses = Object.entries(endpoint.responses) as [string, ResponseSpec][];
  const success = responses.find(([status, spec]) => Number(status) < 300 && (spec.example !== undefined || spec.csv || spec.pdf));
  const [exampleStatus, exampleSpec] = success ?? responses[0];
  const toObject = (schema?: z.ZodObject) => (schema ? (inputJsonSchema(schema) as JsonSchema) : {});
  return {
    anchor: endpoint.operationId,
    method: endpoint.method,
    path: endpoint.path,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    access: ACCESS[endpoint.auth],
    params: [...fieldRows(toObject(endpoint.pathParams), "path"), ...fieldRows(toObject(endpoint.query), "query")],
    ...(endpoint.body
      ? {
          body: {
            contentType: endpoint.body.type === "json" ? "application/json" : "multipart/form-data",
            optional: Boolean(endpoint.body.optional),
            fields: fieldRows(inputJsonSchema(endpoint.body.schema) as JsonSchema),
          },
        }
      : {}),
    exampleRequest: curl(endpoint, origin),
    exampleStatus: Number(exampleStatus),
    exampleAnswer: exampleSpec.csv
      ? `(CSV file, ${exampleSpec.csv.filename})`
      : exampleSpec.pdf
        ? `(PDF file, ${exampleSpec.pdf.filename})`
        : exampleSpec.example !== undefined
        ? pretty(exampleSpec.example)
        : "(see the OpenAPI document)",
    responses: responses
      .map(([status, spec]) => ({
        status: Number(status),
        description: spec.description,
        ...(Number(status) >= 400 && spec.example !== undefined ? { example: JSON.stringify(spec.example) } : {}),
      }))
      .sort((a, b) => a.status - b.status),
  };
}

/** The endpoints grouped by tag, in the contract's order. */
export function apiReference(origin: string): TagView[] {
  return (Object.keys(TAGS) as Tag[])
    .map((tag) => ({ tag, description: TAGS[tag], endpoints: ENDPOINTS.filter((e) => e.tag === tag).map((e) => view(e, origin)) }))
    .filter((group) => group.endpoints.length > 0);
}
