// Response serializer: the contract's zod response schemas compiled once to fast-json-stringify.
// Routes return data shaped by typed services, so responses are not re-validated on the way out
// (zod's encoder cost more than the rest of a cached request, bench P1). The envelope is written
// by hand and only `data` goes through the compiled schema, which also drops undeclared fields.
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
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

interface Envelope {
  code: number;
  message: string;
  data: unknown;
  errorCode?: number;
}

/** For a contract envelope (envelopeOf(data)): hand-written envelope, compiled data. */
export function compileEnvelope(envelope: z.ZodType): (value: unknown) => string {
  const dataSchema = envelope instanceof z.ZodObject ? envelope.shape.data : undefined;
  if (!(dataSchema instanceof z.ZodNullable)) return compileJson(envelope);
  const data = compileJson(dataSchema.unwrap() as z.ZodType);
  return (value) => {
    const e = value as Envelope;
    const errorCode = e.errorCode === undefined ? "" : `,"errorCode":${Number(e.errorCode)}`;
    return `{"code":${Number(e.code)},"message":${JSON.stringify(e.message)},"data":${e.data === null || e.data === undefined ? "null" : data(e.data)}${errorCode}}`;
  };
}

export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => compileEnvelope(schema);
