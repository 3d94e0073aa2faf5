// The response envelope of every /api call (docs/product.md §7, §9): {code, message, data}, code 1 = success.
import { z } from "zod";

/** The envelope around a data schema. data is null on failure. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    message: z.string(),
    data: data.nullable(),
    errorCode: z.number().int().optional(),
  });
}
