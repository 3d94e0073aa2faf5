// A query string is parsed and validated once, not on every request (docs/decisions/0094). Reads
// repeat: every visitor of a category page asks for the same goods list with the same query. Its
// parse (fast-querystring) and the contract's zod schema cost a cached goods list 6–14 µs of CPU of
// its 52–58 (bench/api E, three fresh starts side by side). Both are functions of the string alone, so the parsed query is kept by
// its string and the validated one by the parsed object. Both are frozen, deeply: every request
// with that string shares them, and nobody may change what the next request reads.
import querystring from "fast-querystring";
import type { FastifySchemaCompiler } from "fastify";

/** Distinct query strings kept; past it the memo starts again, so a crawl of searches cannot grow it. */
const MAX_QUERIES = 1000;
/** A longer query string (free text, say) is parsed every time: the memo stays small in bytes too. */
const MAX_QUERY_LENGTH = 512;

type Query = Readonly<Record<string, unknown>>;

const EMPTY: Query = Object.freeze({});
const parsed = new Map<string, Query>();

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The router's query string parser (Fastify's default, fast-querystring), its answers kept and frozen. */
export function parseQuery(query: string): Query {
  if (query.length === 0) return EMPTY;
  if (query.length > MAX_QUERY_LENGTH) return querystring.parse(query);
  let value = parsed.get(query);
  if (value === undefined) {
    value = deepFreeze(querystring.parse(query) as Record<string, unknown>);
    if (parsed.size >= MAX_QUERIES) parsed.clear();
    parsed.set(query, value);
  }
  return value;
}

/**
 * A validator compiler whose querystring validators remember what they answered for a kept
 * (frozen) query, while it is kept; a refusal is not remembered, nor is a body, a parameter or a
 * header, which are made anew for each request.
 */
export function rememberQueryValidation<S>(compile: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = compile(route);
    if (route.httpPart !== "querystring") return validate;
    const answers = new WeakMap<object, ReturnType<typeof validate>>();
    return (data) => {
      if (typeof data !== "object" || data === null || !Object.isFrozen(data)) return validate(data);
      let answer = answers.get(data);
      if (answer === undefined) {
        answer = validate(data);
        if (typeof answer !== "object" || "then" in answer || answer.error !== undefined) return answer;
        deepFreeze(answer.value);
        answers.set(data, answer);
      }
      return answer;
    };
  };
}
