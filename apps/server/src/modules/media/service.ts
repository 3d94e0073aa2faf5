// Generated images (SVG) live in the database so every instance serves the same bytes (ADR 0005).
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { media } from "../../db/schema.js";

const MEDIA_KEY = /^[a-z0-9][a-z0-9-]{0,80}\.svg$/;

export interface MediaFile {
  contentType: string;
  /** SVG text. */
  body: string;
}

export class MediaService {
  constructor(private readonly db: Db) {}

  /** The image stored under `key`; null for an unknown or malformed key (never queried). */
  async find(key: string): Promise<MediaFile | null> {
    if (!MEDIA_KEY.test(key)) return null;
    const [row] = await this.db
      .select({ contentType: media.contentType, body: media.body })
      .from(media)
      .where(eq(media.key, key));
    return row ?? null;
  }
}
