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

/** The purposes a customer uploads for (never staff's pictures). */
const CUSTOMER_PURPOSES: readonly ImagePurpose[] = ["aftersale", "chat"];

/**
 * Deletes a closing customer's own pictures (after-sales photos, chat pictures; docs/decisions/0076):
 * every stored width and format of each URL. Staff's pictures are never touched, whatever the URL.
 */
export async function forgetCustomerUploads(tx: Db, urls: readonly string[]): Promise<number> {
  const keys = new Set<string>();
  for (const url of urls) {
    const variants = pictureVariants(url);
    if (!variants || !CUSTOMER_PURPOSES.includes(variants.purpose)) continue;
    for (const width of variants.widths) {
      for (const format of variants.formats) keys.add(variants.url(width, format).slice("/media/".length));
    }
  }
  if (keys.size === 0) return 0;
  const gone = await tx
    .delete(mediaUploads)
    .where(and(inArray(mediaUploads.key, [...keys]), inArray(mediaUploads.purpose, [...CUSTOMER_PURPOSES])))
    .returning({ key: mediaUploads.key });
  return gone.length;
}
