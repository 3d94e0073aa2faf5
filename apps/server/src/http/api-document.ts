// The OpenAPI document at /docs/json and its UI at /docs (API_DOCS), made from the contract's endpoint
// table so that it validates and lints clean (docs/decisions/0050-standards-api-document-metrics-and-headers.md):
// each operation is named after its contract endpoint, says which session it needs, and documents
// the failure envelope besides the success one.
import { CSRF_HEADER, type EndpointDef, endpoints, FAILURE_CODE, GoodsCategory, TOKEN_COOKIE } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * Schemas shown once under components.schemas and referred to by name. The category tree refers to
 * itself, so it cannot be written inline: unnamed, the converter left a `$ref` to a schema it never
 * wrote out.
 */
const namedSchemas = z.registry<{ id: string }>();
namedSchemas.add(GoodsCategory, { id: "GoodsCategory" });

/** Each contract endpoint's name (its key in the table), by method and path: the operationId. */
const endpointNames = new Map(
  Object.entries(endpoints).map(([name, endpoint]) => [`${endpoint.method} ${endpoint.path}`, name]),
);

/** The sessions an operation can need: cookies, and the CSRF header a write adds (docs/quality.md R6). */
const securitySchemes = (staffSessionCookie: string) =>
  ({
    customerSession: {
      type: "apiKey",
      in: "cookie",
      name: TOKEN_COOKIE,
      description: "顾客登录后的会话 Cookie（HttpOnly）",
    },
    customerCsrf: {
      type: "apiKey",
      in: "header",
      name: CSRF_HEADER,
      description: "顾客写操作：与 csrf Cookie 相同的值",
    },
    staffSession: {
      type: "apiKey",
      in: "cookie",
      name: staffSessionCookie,
      description: "员工登录后的会话 Cookie（HttpOnly，仅发往 /api/admin）",
    },
    staffCsrf: {
      type: "apiKey",
      in: "header",
      name: CSRF_HEADER,
      description: "员工写操作：登录与 /me 应答中的 csrf 值",
    },
  }) as const;

type Requirement = Record<string, string[]>;

/** What an endpoint needs, as the session hooks check it: a session, and its CSRF value on a write. */
function securityOf(endpoint: Pick<EndpointDef, "method" | "auth" | "permission">): Requirement[] {
  const writes = endpoint.method !== "GET";
  if (endpoint.auth === "session")
    return [writes ? { customerSession: [], customerCsrf: [] } : { customerSession: [] }];
  if (endpoint.auth === "staff" && endpoint.permission !== "public")
    return [writes ? { staffSession: [], staffCsrf: [] } : { staffSession: [] }];
  // Open to anyone: an empty list says so (no requirement), rather than leaving it unsaid.
  return [];
}

/** Every failure (bad input, login needed, forbidden, not found, too many requests) is this envelope. */
const FAILURE_RESPONSE = {
  description: "失败：code 为 0，message 为中文原因，errorCode 区分原因（如 1201 需要登录）",
  type: "object",
  required: ["code", "message", "data"],
  properties: {
    code: { type: "integer", enum: [FAILURE_CODE] },
    message: { type: "string" },
    data: { type: "string", nullable: true, enum: [null] },
    errorCode: { type: "integer" },
  },
} as const;

const toJsonSchema = createJsonSchemaTransform({ schemaRegistry: namedSchemas });

export interface ApiDocsOptions {
  /** The staff session cookie's name (the admin module's). */
  staffSessionCookie: string;
}

export async function registerApiDocs(app: FastifyInstance, { staffSessionCookie }: ApiDocsOptions) {
  // Loaded only where the docs are served (off in production by default), not at every start (docs/decisions/0095).
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import("@fastify/swagger"),
    import("@fastify/swagger-ui"),
  ]);
  await app.register(swagger, {
    openapi: {
      info: {
        title: "悦家整装 Storefront API",
        version: "1.0.0",
        description: "Envelope {code, message, data}; code 1 = success.",
      },
      // Relative: the API is wherever this document is served from, behind any proxy or port.
      servers: [{ url: "/", description: "本服务" }],
      components: { securitySchemes: securitySchemes(staffSessionCookie) },
    },
    transform: (input) => {
      const { schema, url } = toJsonSchema(input);
      const method = String(input.route.method);
      const name = endpointNames.get(`${method} ${url}`);
      // Hidden routes, and any route outside the contract, go through unchanged.
      if (schema.hide || !name) return { schema, url };
      const { auth, permission } = input.route.config ?? {};
      const response = (schema.response ?? {}) as Record<string, unknown>;
      return {
        schema: {
          ...schema,
          operationId: name,
          security: securityOf({ method: method as EndpointDef["method"], auth: auth ?? "none", permission }),
          response: { ...response, "4XX": FAILURE_RESPONSE },
        },
        url,
      };
    },
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: namedSchemas }),
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });
}
