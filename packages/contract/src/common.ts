// Query-parameter building blocks shared by every endpoint schema.
// Query strings arrive as text: numbers are parsed here, with a Chinese message when they are not numbers.
import { z } from "zod";
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE, PAGE_SIZE } from "./constants.js";
import { text } from "./text.js";

export const MAX_INT = 2_147_483_647;

function parseNumber(label: string) {
  return z.union([text(label), z.number()]).transform((raw, ctx) => {
    const n = typeof raw === "number" ? raw : Number(raw.trim());
    if (!Number.isFinite(n) || (typeof raw === "string" && raw.trim() === "")) {
      ctx.addIssue({ code: "custom", message: `${label}必须是数字` });
      return z.NEVER;
    }
    return Math.trunc(n);
  });
}

/**
 * A number clamped into [min, max]; absent or empty means `fallback` (docs/product.md §4: current 1 restarts).
 * The number comes first in the union: a union stops at the first option that takes the value, and
 * nearly every request sends a number (docs/decisions/0090); the empty string still falls through.
 */
export function clampedInt(label: string, min: number, max: number, fallback: number) {
  return z
    .union([parseNumber(label), z.literal("")])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : Math.min(max, Math.max(min, v))));
}

/** current below 1 counts as 1 (docs/product.md §5); deeper than MAX_PAGE_NUMBER is clamped. */
export const currentParam = clampedInt("页码 current ", 1, MAX_PAGE_NUMBER, 1);
/** pageSize is capped at MAX_PAGE_SIZE (R11). */
export const pageSizeParam = clampedInt("每页条数 pageSize ", 1, MAX_PAGE_SIZE, PAGE_SIZE);

/** A database id: a positive 32-bit integer, refused otherwise. */
export function idParam(label = "id") {
  return parseNumber(label).pipe(
    z
      .number()
      .int()
      .min(1, { error: `${label}无效` })
      .max(MAX_INT, { error: `${label}无效` }),
  );
}

/** An optional id filter: empty means no filter (the id is tried first, as in clampedInt). */
export function optionalIdParam(label: string) {
  return z.union([idParam(label), z.literal("").transform(() => undefined)]).optional();
}

/** An optional whole number within [min, max], refused outside it; empty means no filter. */
export function optionalIntParam(label: string, min: number, max: number) {
  return z
    .union([text(label), z.number()])
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || (typeof raw === "string" && raw.trim() === "")) return undefined;
      const n = typeof raw === "number" ? raw : Number(raw.trim());
      const message = !Number.isFinite(n)
        ? `${label}必须是数字`
        : n < min
          ? `${label}不能小于 ${min}`
          : n > max
            ? `${label}不能大于 ${max}`
            : undefined;
      if (message) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Math.trunc(n);
    });
}

/** Comma-separated ids ("1,2,3"; docs/product.md §3 tagIds); empty means absent. */
export function idListParam(label: string) {
  return text(label)
    .max(200, { error: `${label}过多` })
    .regex(/^(\d{1,9})(,\d{1,9})*$|^$/, { error: `${label}格式应为以逗号分隔的数字` })
    .transform((s) => s || undefined)
    .optional();
}

/** Free text with a length cap, trimmed; empty means absent (NUL and lone surrogates refused: text.ts). */
export function textParam(label: string, max: number) {
  return text(label)
    .max(max, { error: `${label}不能超过 ${max} 个字符` })
    .transform((s) => s.trim() || undefined)
    .optional();
}

export const Page = <T extends z.ZodType>(item: T) =>
  z.object({
    dataList: z.array(item),
    total: z.number().int(),
    current: z.number().int(),
    pageSize: z.number().int(),
  });
