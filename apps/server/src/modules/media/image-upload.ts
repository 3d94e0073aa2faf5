// Pictures uploaded in the back office (ADR 0037): the type is read from the bytes (never from the
// name or the declared type), metadata is dropped (EXIF may hold where a photo was taken), and the
// picture is re-encoded to AVIF and WebP at the widths the storefront shows for its purpose (ADR 0060).
// The files are stored in the database with the audit row in one transaction, so every instance
// serves them.
import { createHash } from "node:crypto";
import {
  AdminMessages,
  IMAGE_WIDTHS,
  type ImagePurpose,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  PICTURE_CONTENT_TYPES,
  type PictureFormat,
  UPLOAD_FORMATS,
  type UploadedImage,
  uploadKey,
} from "@yj/contract";
import sharp, { type Metadata } from "sharp";
import type { Db } from "../../db/client.js";
import { mediaUploads } from "../../db/schema.js";
import type { Tx } from "../../db/transaction.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import { type Actor, recordAudit } from "../audit/audit.js";

/** sharp's names of the formats taken: AVIF reads as "heif" with AV1 compression. */
const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "heif"]);
/** A very tall picture is cut down to this many times its width, so no variant becomes enormous. */
const MAX_ASPECT = 3;
const WEBP_QUALITY = 80;
/**
 * AVIF at sharp's default quality looks like WebP at 80 in about half the bytes. Effort 2 of 9: the
 * default (4) took three times as long for a few per cent fewer bytes, and the staff member waits.
 */
const AVIF = { quality: 50, effort: 2 } as const;

interface Variant {
  key: string;
  format: PictureFormat;
  width: number;
  height: number;
  body: Buffer;
}

export class ImageUploads {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  /** A staff member's picture for a form, audited with the stored files. */
  upload(actor: Actor, purpose: ImagePurpose, input: unknown): Promise<UploadedImage> {
    return this.store(purpose, input, actor.staffId, (tx, webpKey, after, now) =>
      recordAudit(tx, actor, { action: "media.upload", entity: "media", entityId: webpKey, after }, now),
    );
  }

  /**
   * A customer's photo for an after-sales request (docs/decisions/0064): the same checks and
   * re-encoding; not in the audit record, which is the staff's.
   */
  uploadAfterSalePhoto(input: unknown): Promise<UploadedImage> {
    return this.store("aftersale", input, null, async () => {});
  }

  /** A renovation owner's objection photo (docs/decisions/0079): the same checks and re-encoding. */
  uploadObjectionPhoto(input: unknown): Promise<UploadedImage> {
    return this.store("objection", input, null, async () => {});
  }

  /** A visitor's picture in the live chat (docs/decisions/0075): the same checks and re-encoding. */
  uploadChatPicture(input: unknown): Promise<UploadedImage> {
    return this.store("chat", input, null, async () => {});
  }

  private async store(
    purpose: ImagePurpose,
    input: unknown,
    uploadedBy: number | null,
    record: (tx: Tx, webpKey: string, after: unknown, now: Date) => Promise<void>,
  ): Promise<UploadedImage> {
    if (!Buffer.isBuffer(input) || input.length === 0) throw new AppError("invalid_input", AdminMessages.imageMissing);
    if (input.length > MAX_IMAGE_BYTES) throw new AppError("invalid_input", AdminMessages.imageTooLarge);
    const source = await inspect(input);
    // The same picture uploaded twice for one purpose gets the same keys (and the stored bytes).
    const hash = createHash("sha256").update(purpose).update(input).digest("hex").slice(0, 24);
    // Encoded side by side: sharp works in libuv's pool, off the event loop.
    const variants: Variant[] = await Promise.all(
      IMAGE_WIDTHS[purpose].flatMap((width) =>
        UPLOAD_FORMATS.map(async (format) => ({
          key: uploadKey(purpose, hash, width, format),
          format,
          ...(await encode(input, width, format)),
        })),
      ),
    );
    // The form keeps the largest WebP: every browser shows it, and the storefront finds the rest by its name.
    const webp = variants.filter((v) => v.format === "webp");
    const now = this.now();
    await this.db.transaction(async (tx) => {
      await tx
        .insert(mediaUploads)
        .values(
          variants.map((v) => ({
            key: v.key,
            purpose,
            contentType: PICTURE_CONTENT_TYPES[v.format],
            width: v.width,
            height: v.height,
            body: v.body,
            uploadedBy,
            createdAt: now,
          })),
        )
        .onConflictDoNothing();
      await record(
        tx,
        webp[0]!.key,
        {
          purpose,
          source: { format: source.format, width: source.width, height: source.height, bytes: input.length },
          variants: variants.map((v) => ({ key: v.key, width: v.width, height: v.height, bytes: v.body.length })),
        },
        now,
      );
    });
    const answers = webp.map((v) => ({
      url: `/media/${v.key}`,
      width: v.width,
      height: v.height,
      bytes: v.body.length,
    }));
    return { ...answers[0]!, variants: answers };
  }
}

/** The upload's format and size from its content; anything else than the accepted formats is refused. */
async function inspect(input: Buffer) {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError("invalid_input", AdminMessages.imageUnsupported);
  }
  const format = meta.format === "heif" ? (meta.compression === "av1" ? "avif" : "heic") : meta.format;
  if (!ACCEPTED.has(meta.format) || format === "heic")
    throw new AppError("invalid_input", AdminMessages.imageUnsupported);
  if (!meta.width || !meta.height) throw new AppError("invalid_input", AdminMessages.imageDamaged);
  // Rotated pictures swap width and height, which leaves their product unchanged.
  if (meta.width * meta.height > MAX_IMAGE_PIXELS)
    throw new AppError("invalid_input", AdminMessages.imageTooManyPixels);
  return { format, width: meta.width, height: meta.height };
}

/**
 * One width in one format: turned upright by its EXIF orientation, never enlarged, and without any
 * metadata (sharp writes none unless asked). An animated GIF keeps its first frame.
 */
async function encode(input: Buffer, width: number, format: PictureFormat): Promise<Omit<Variant, "key" | "format">> {
  try {
    const resized = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width, height: width * MAX_ASPECT, fit: "inside", withoutEnlargement: true });
    const encoded = format === "avif" ? resized.avif(AVIF) : resized.webp({ quality: WEBP_QUALITY });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, body: data };
  } catch {
    throw new AppError("invalid_input", AdminMessages.imageDamaged);
  }
}
