// Response serializer: the contract's zod response schemas compiled once to fast-json-stringify.
// Routes return data shaped by typed services, so responses are not re-validated on the way out
// (zod's encoder cost more than the rest of a cached request, bench P1). The envelope is written
// by hand and only `data` goes through the compiled schema, which also drops undeclared fields.
import { type Envelope, SUCCESS_CODE } from "@yj/contract";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { z } from "zod";
import { compileJson } from "../lib/compile-json.js";
import { RawJson } from "../lib/raw-json.js";

/** The envelope's text before and after its data. */
function envelopeAround(e: Envelope<unknown>): [head: string, tail: string] {
  const errorCode = e.errorCode === undefined ? "" : `,"errorCode":${Number(e.errorCode)}`;
  return [`{"code":${Number(e.code)},"message":${JSON.stringify(e.message)},"data":`, `${errorCode}}`];
}

/**
 * The envelope's bytes around data by code, message and error code: a route answers with one or two
 * messages, so an uncached database page (RawJson) is written once into its answer, without
 * encoding the same head again (docs/decisions/0061, 0093). Bounded, in case a message were ever made per request.
 */
const aroundBytes = new Map<string, [head: Buffer, tail: Buffer]>();
const MAX_ENVELOPES = 256;

function envelopeBytesAround(e: Envelope<unknown>): [head: Buffer, tail: Buffer] {
  const key = `${e.code}\u0000${e.errorCode ?? ""}\u0000${e.message}`;
  let around = aroundBytes.get(key);
  if (around === undefined) {
    const [head, tail] = envelopeAround(e);
    around = [Buffer.from(head), Buffer.from(tail)];
    if (aroundBytes.size >= MAX_ENVELOPES) aroundBytes.clear();
    aroundBytes.set(key, around);
  }
  return around;
}

function envelopeBytes(e: Envelope<unknown>, data: string | RawJson<unknown>): Buffer {
  if (typeof data === "string") {
    const [head, tail] = envelopeAround(e);
    return Buffer.from(head + data + tail);
  }
  const [head, tail] = envelopeBytesAround(e);
  const bytes = Buffer.allocUnsafe(head.length + data.byteLength + tail.length);
  head.copy(bytes, 0);
  tail.copy(bytes, data.writeInto(bytes, head.length));
  return bytes;
}

/**
 * For a contract envelope (envelopeOf(data)): hand-written envelope, compiled data, answered as UTF-8
 * bytes so that Fastify neither measures nor re-encodes a long Chinese string per request.
 *
 * The bytes of an envelope around frozen data are made once: a frozen object is a shared,
 * unchangeable value (the TtlCache freezes what it caches), so every request that serves it with
 * the same code and message gets the same bytes. Other data is serialized every time. Data that is
 * already JSON (RawJson, made by the database) is written as it is.
 */
export function compileEnvelope(envelope: z.ZodType): (value: unknown) => string | Buffer {
  const dataSchema = envelope instanceof z.ZodObject ? envelope.shape.data : undefined;
  if (!(dataSchema instanceof z.ZodNullable)) return compileJson(envelope);
  const data = compileJson(dataSchema.unwrap() as z.ZodType);
  const made = new WeakMap<object, { code: number; message: string; errorCode?: number; bytes: Buffer }>();
  const dataJson = (value: unknown) => (value instanceof RawJson ? value : data(value));
  return (value) => {
    const e = value as Envelope<unknown>;
    if (e.data === null || e.data === undefined) return envelopeBytes(e, "null");
    // A refusal's data is not the route's data: what the client needs to go on (ALREADY_PAID), written as it is.
    if (e.code !== SUCCESS_CODE && !(e.data instanceof RawJson)) return envelopeBytes(e, JSON.stringify(e.data));
    if (typeof e.data !== "object" || !Object.isFrozen(e.data)) return envelopeBytes(e, dataJson(e.data));
    const hit = made.get(e.data);
    if (hit && hit.code === e.code && hit.message === e.message && hit.errorCode === e.errorCode) return hit.bytes;
    const bytes = envelopeBytes(e, dataJson(e.data));
    made.set(e.data, { code: e.code, message: e.message, errorCode: e.errorCode, bytes });
    return bytes;
  };
}

/**
 * Fastify's serializer compiler. Each route's serializer is compiled at its first answer, not at
 * start: compiling all of them (zod's JSON schema, then fast-json-stringify) was a tenth of a
 * start's CPU, paid by every instance and every test file that builds the app, for routes most
 * never answer (docs/decisions/0096). That every envelope compiles is a unit test's to say
 * (serializer.test.ts), not each start's. Fastify's type says string; it sends a Buffer the same
 * way (and sets content-length from it).
 */
export const serializerCompiler = (({ schema }) => {
  let compiled: ((value: unknown) => string | Buffer) | undefined;
  return (value: unknown) => {
    compiled ??= compileEnvelope(schema);
    return compiled(value);
  };
}) as FastifySerializerCompiler<z.ZodType>;
