// Every string a request can carry goes through the shared rule of text.ts (docs/decisions/0047): the
// test walks each endpoint's query and body schema down to its string leaves and feeds each a NUL and
// both halves of a lone surrogate. A leaf declared with a bare z.string() fails here, by its path.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { EndpointDef } from "./endpoint-def.js";
import { endpoints } from "./endpoints.js";
import { isStorableText, UNREADABLE_TEXT_MESSAGE } from "./storable-text.js";

const UNREADABLE = ["a\u0000b", "\u0000", "\ud800", "x\udfffy", "\udfff\ud800"];

interface Leaf {
  path: string;
  schema: z.ZodType;
}

/** The string schemas inside `schema`, each with where it sits. */
function stringLeaves(schema: z.ZodType, path: string, seen = new Set<z.ZodType>()): Leaf[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  // biome-ignore lint/suspicious/noExplicitAny: zod's internal definition differs per schema type.
  const def = (schema as any)._zod.def;
  const down = (child: z.ZodType | undefined, at = path) => (child ? stringLeaves(child, at, seen) : []);
  switch (def.type) {
    case "string":
      return [{ path, schema }];
    case "object":
      return [
        ...Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) => down(v, `${path}.${k}`)),
        ...down(def.catchall),
      ];
    case "array":
      return down(def.element, `${path}[]`);
    case "union":
      return (def.options as z.ZodType[]).flatMap((o, i) => down(o, `${path}|${i}`));
    case "intersection":
      return [...down(def.left), ...down(def.right)];
    case "tuple":
      return [...(def.items as z.ZodType[]).flatMap((o, i) => down(o, `${path}[${i}]`)), ...down(def.rest)];
    case "record":
      return [...down(def.keyType, `${path}{key}`), ...down(def.valueType, `${path}{}`)];
    case "pipe":
      return [...down(def.in), ...down(def.out)];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return down(def.innerType);
    case "lazy":
      return down(def.getter());
    default:
      return [];
  }
}

const requestLeaves = Object.entries(endpoints as Record<string, EndpointDef>).flatMap(([name, endpoint]) => [
  ...(endpoint.query ? stringLeaves(endpoint.query, `${name} query`) : []),
  ...(endpoint.body ? stringLeaves(endpoint.body, `${name} body`) : []),
]);

describe("request strings (R11)", () => {
  it("isStorableText refuses NUL and lone surrogates and keeps pairs, Chinese and emoji", () => {
    for (const bad of UNREADABLE) expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ["", "备注", "🛋️🏠", "a\ud83d\ude00b", "tab\tnew\nline"]) expect(isStorableText(good)).toBe(true);
  });

  it("the walk reaches the string fields of the requests (orders, leads, back office)", () => {
    const paths = requestLeaves.map((l) => l.path);
    expect(paths).toContain("createOrder body.remark");
    expect(paths).toContain("createOrder body.address.detail");
    expect(paths).toContain("appointment body.originDetail");
    expect(paths).toContain("activity body.activity");
    expect(paths.length).toBeGreaterThan(100);
  });

  it("every string of every endpoint's query and body refuses NUL and lone surrogates with the shared message", () => {
    const escaped: string[] = [];
    for (const { path, schema } of requestLeaves) {
      for (const bad of UNREADABLE) {
        const result = schema.safeParse(bad);
        const first = result.success ? undefined : result.error.issues[0]?.message;
        if (!first?.endsWith(UNREADABLE_TEXT_MESSAGE))
          escaped.push(`${path} ← ${JSON.stringify(bad)}: ${first ?? "accepted"}`);
      }
    }
    expect(escaped).toEqual([]);
  });
});
