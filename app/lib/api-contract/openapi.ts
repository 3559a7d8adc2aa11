/**
 * Turns the contract (./endpoints, ./responses) into an OpenAPI 3.1 document with zod 4's own
 * JSON Schema output: nothing here is a hand-written copy of a schema.
 */
import { z } from "zod";
import { ENDPOINTS, TAGS, type Endpoint, type ResponseSpec } from "./endpoints";
import { RESPONSE_COMPONENTS } from "./responses";

type JsonSchema = Record<string, unknown>;

const TARGET = "draft-2020-12" as const;

/** A request-side schema (what a client may send), inline, without the $schema line. */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: TARGET, io: "input", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

export const componentRef = (name: string) => `#/components/schemas/${name}`;

/** The name an answer's schema has in components/schemas: its shared name, or operationId + status. */
function responseSchemaNames() {
  const names = new Map<z.ZodType, string>();
  for (const [name, schema] of Object.entries(RESPONSE_COMPONENTS)) names.set(schema, name);
  for (const endpoint of ENDPOINTS) {
    for (const [status, spec] of Object.entries(endpoint.responses) as [string, ResponseSpec][]) {
      if (spec.schema && !names.has(spec.schema)) names.set(spec.schema, `${endpoint.operationId}${status}`);
    }
  }
  return names;
}

/** Every answer schema, generated together so shared ones are $refs to one another. */
function responseComponents(names: Map<z.ZodType, string>): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of names) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { target: TARGET, io: "output", unrepresentable: "any", uri: componentRef });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const { $schema: _s, id: _id, ...rest } = schema as JsonSchema;
      return [name, rest];
    }),
  );
}

function parameters(endpoint: Endpoint) {
  const list: JsonSchema[] = [];
  for (const [where, object] of [
    ["path", endpoint.pathParams],
    ["query", endpoint.query],
  ] as const) {
    if (!object) continue;
    for (const [name, field] of Object.entries(object.shape)) {
      const schema = field as z.ZodType;
      const { description, ...jsonSchema } = inputJsonSchema(schema);
      list.push({
        name,
        in: where,
        required: where === "path" || !schema.safeParse(undefined).success,
        ...(description ? { description } : {}),
        schema: jsonSchema,
      });
    }
  }
  return list;
}

const SECURITY: Record<Endpoint["auth"], JsonSchema[]> = {
  none: [],
  session: [{ session: [] }],
  admin: [{ session: [] }],
  staff: [{ session: [] }],
  "pending-sign-in": [{ pendingSignIn: [] }],
  "stripe-signature": [{ stripeSignature: [] }],
};

function operation(endpoint: Endpoint, names: Map<z.ZodType, string>) {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, spec] of Object.entries(endpoint.responses) as [string, ResponseSpec][]) {
    const file = spec.csv ?? spec.pdf;
    const content = spec.csv
      ? { "text/csv": { schema: { type: "string" } } }
      : spec.pdf
        ? { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } }
      : spec.schema
        ? {
            "application/json": {
              schema: { $ref: componentRef(names.get(spec.schema)!) },
              ...(spec.example !== undefined ? { example: spec.example } : {}),
            },
          }
        : undefined;
    responses[status] = {
      description: spec.description,
      ...(file ? { headers: { "Content-Disposition": { schema: { type: "string", ...(file.filename.includes("{") ? { description: `attachment; filename="${file.filename}"` } : { const: `attachment; filename="${file.filename}"` }) } } } } : {}),
      ...(content ? { content } : {}),
    };
  }
  const params = parameters(endpoint);
  const body = endpoint.body;
  return {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    security: SECURITY[endpoint.auth],
    ...(endpoint.auth === "admin" ? { "x-requires": "administrator" } : endpoint.auth === "staff" ? { "x-requires": "administrator or clerk" } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(body
      ? {
          requestBody: {
            required: !body.optional,
            content: {
              [body.type === "json" ? "application/json" : "multipart/form-data"]: {
                schema: inputJsonSchema(body.schema),
                example: body.example,
              },
            },
          },
        }
      : {}),
    responses,
  };
}

export const API_DESCRIPTION = [
  "The JSON API of the Florida Business Registry and Business Tax Receipt service.",
  "",
  "- Authentication: the session cookie (`__session`, HttpOnly) that POST /api/login sets; send it with every call.",
  "- Second factor: an account with one signs in in two steps: POST /api/login answers `mfaRequired` (no session yet), then POST /api/login/mfa takes a code.",
  "- Step-up: staff actions that move money or power (refunds, closing a remittance period, role changes, filing decisions) need a session that passed the " +
    "second factor in the last 12 hours when the account has one; otherwise they answer 403 with `error.code` `mfa_required`: send a code to POST /api/user/mfa/verify, " +
    "then the same request again. Where the town sets STAFF_MFA=required, every staff endpoint answers so until the account has a factor and the session passed it.",
  "- Money is in integer cents (USD): 13500 is $135.00. CSV exports show dollars.",
  "- Lists that page take `page` (from 1) and `limit` (1 to 100) and answer `pagination: {page, limit, total, totalPages}`.",
  "- Search counts stop at 10,000: `total` is then 10,000 and `totalIsCapped` is true.",
  "- Errors answer `{\"error\": {\"message\", \"fieldErrors\"}}` with the status; fieldErrors (field name to messages) only for invalid input.",
  "- JSON bodies are sent as application/json; a claim and a filing's document upload are multipart/form-data.",
].join("\n");

/** The OpenAPI 3.1 document. `serverUrl`: the origin it is served from. */
export function buildOpenApiDocument({ serverUrl }: { serverUrl?: string } = {}) {
  const names = responseSchemaNames();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation(endpoint, names);
  }
  return {
    openapi: "3.1.0",
    info: { title: "Florida Business Registry API", version: "1.0.0", description: API_DESCRIPTION },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: responseComponents(names),
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "__session", description: "Set by POST /api/login (or POST /api/login/mfa)" },
        pendingSignIn: {
          type: "apiKey",
          in: "cookie",
          name: "__signin",
          description: "Set by POST /api/login for an account with a second factor: the half-done sign-in (5 minutes), opening nothing but POST /api/login/mfa",
        },
        stripeSignature: { type: "apiKey", in: "header", name: "Stripe-Signature", description: "Stripe's webhook signature" },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
