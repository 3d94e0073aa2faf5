// Images live in the database so every instance serves the same bytes: the demo's generated SVGs
// (ADR 0005) and the pictures uploaded in the back office, stored as WebP (ADR 0037) and, since
// ADR 0060, AVIF too.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { media, mediaUploads } from "../../db/schema.js";

const SVG_KEY = /^[a-z0-9][a-z0-9-]{0,80}\.svg$/;
const UPLOAD_KEY = /^[a-z0-9][a-z0-9-]{0,80}\.(webp|avif)$/;

export interface MediaFile {
  contentType: string;
  /** SVG text, or an upload's bytes. */
  body: string | Buffer;
  /** An upload's key names its content, so its bytes never change and may be cached for good. */
  immutable: boolean;
}

export class MediaService {
  constructor(private readonly db: Db) {}

  /** The image stored under `key`; null for an unknown or malformed key (never queried). */
  async find(key: string): Promise<MediaFile | null> {
    if (UPLOAD_KEY.test(key)) {
      const [row] = await this.db
        .select({ contentType: mediaUploads.contentType, body: mediaUploads.body })
        .from(mediaUploads)
        .where(eq(mediaUploads.key, key));
      return row ? { ...row, immutable: true } : null;
    }
    if (!SVG_KEY.test(key)) return null;
    const [row] = await this.db
      .select({ contentType: media.contentType, body: media.body })
      .from(media)
      .where(eq(media.key, key));
    return row ? { ...row, immutable: false } : null;
  }
}
