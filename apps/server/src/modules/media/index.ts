// What the media module gives other modules (docs/decisions/0040).
import { type ImagePurpose, pictureVariants } from "@yj/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { mediaUploads } from "../../db/schema.js";

/**
 * Which of these upload URLs name a stored upload of this purpose: an order's after-sales photos
 * must be the buyer's uploads, never an address typed by hand or a goods picture (docs/decisions/0064).
 */
export async function storedUploads(reader: Pick<Db, "select">, urls: readonly string[], purpose: ImagePurpose) {
  const keys = [...new Set(urls.filter((u) => pictureVariants(u)?.purpose === purpose).map((u) => u.slice(7)))];
  if (keys.length === 0) return new Set<string>();
  const rows = await reader
    .select({ key: mediaUploads.key })
    .from(mediaUploads)
    .where(and(inArray(mediaUploads.key, keys), eq(mediaUploads.purpose, purpose)));
  return new Set(rows.map((r) => `/media/${r.key}`));
}
