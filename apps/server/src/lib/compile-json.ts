// The contract's zod schemas compiled once to fast-json-stringify: the response serializer's data and
// the JSON a service writes into a RawJson (the catalogue's filter categories).
import fastJson from "fast-json-stringify";
import { z } from "zod";

type JsonSchema = { [key: string]: unknown };

/** anyOf [X, {type: null}] → X with type [X.type, "null"]: fast-json-stringify needs no validator then. */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!node || typeof node !== "object") return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplifyNullable(v);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === "null" && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === "string" && !other.$ref) {
      delete out.anyOf;
      return { ...out, ...other, type: [other.type, "null"] };
    }
  }
  return out;
}

export function compileJson(schema: z.ZodType): (value: unknown) => string {
  const json = z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "any" });
  return fastJson(simplifyNullable(json) as Parameters<typeof fastJson>[0]) as (value: unknown) => string;
}
