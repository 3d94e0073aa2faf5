import { validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseQuery, rememberQueryValidation } from "./query-memo.js";

const Query = z.object({
  current: z.coerce.number().int().min(1).default(1),
  ids: z
    .string()
    .optional()
    .transform((s) => (s ? s.split(",").map(Number) : [])),
});

/** A compiled validator for `httpPart`, and how often the schema itself ran. */
function compiled(httpPart: string) {
  const runs = { count: 0 };
  const counting = z.preprocess((value) => {
    runs.count++;
    return value;
  }, Query);
  const compile = rememberQueryValidation(validatorCompiler);
  const validate = compile({ schema: counting, method: "GET", url: "/x", httpPart } as never);
  return { validate: validate as (data: unknown) => { value?: unknown; error?: unknown }, runs };
}

describe("parseQuery", () => {
  it("parses as the router does, and answers the same frozen object for the same string", () => {
    const first = parseQuery("current=2&name=%E6%B2%99%E5%8F%91&tag=a&tag=b");
    expect(first).toEqual({ current: "2", name: "沙发", tag: ["a", "b"] });
    expect(parseQuery("current=2&name=%E6%B2%99%E5%8F%91&tag=a&tag=b")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.tag)).toBe(true);
    expect(parseQuery("")).toEqual({});
  });

  it("parses a long query string every time rather than keep it", () => {
    const long = `name=${"x".repeat(600)}`;
    expect(parseQuery(long)).toEqual({ name: "x".repeat(600) });
    expect(parseQuery(long)).not.toBe(parseQuery(long));
  });
});

describe("rememberQueryValidation", () => {
  it("validates a kept query once and shares its frozen answer", () => {
    const { validate, runs } = compiled("querystring");
    const query = parseQuery("current=3&ids=1,2");
    const first = validate(query);
    expect(first.value).toEqual({ current: 3, ids: [1, 2] });
    expect(validate(query)).toBe(first);
    expect(runs.count).toBe(1);
    // Deeply frozen: a handler that changed it would change the next request's query.
    expect(() => (first.value as { ids: number[] }).ids.push(3)).toThrow(TypeError);
  });

  it("validates every time what it cannot keep: a refusal, an unfrozen query, a body", () => {
    const { validate, runs } = compiled("querystring");
    const refused = parseQuery("current=0");
    expect(validate(refused).error).toBeDefined();
    expect(validate(refused).error).toBeDefined();
    expect(runs.count).toBe(2);
    validate({ current: "2" });
    validate({ current: "2" });
    expect(runs.count).toBe(4);

    const body = compiled("body");
    const frozen = Object.freeze({ current: 2 });
    body.validate(frozen);
    body.validate(frozen);
    expect(body.runs.count).toBe(2);
  });
});
