// The names of an uploaded picture's stored files (docs/decisions/0037, 0060). The server names each
// file by this rule when it stores an upload, and the storefront reads the rule back from the one
// URL a form keeps to offer every width and format in a <picture>: no lookup, no column, no
// migration. The key says which formats were made, so a picture uploaded before AVIF existed here
// is never offered an AVIF file that is not there. No zod here: every storefront page imports this
// module (apps/web components/picture.tsx), and the admin schemas would weigh on home's JavaScript.

/** What staff upload pictures for in the back office's forms. */
export const STAFF_IMAGE_PURPOSES = ["goods", "banner", "store", "article", "project", "licence"] as const;
/**
 * Where a picture is shown; it decides the widths an upload is re-encoded to. "aftersale": a buyer's
 * photo of an after-sales request (docs/decisions/0064), uploaded by the customer, never by staff.
 * "chat": a picture a visitor sends in the live chat (docs/decisions/0075). "objection": a renovation
 * owner's photo of a stage they object to (docs/decisions/0079), uploaded by the owner.
 */
export const IMAGE_PURPOSES = [...STAFF_IMAGE_PURPOSES, "aftersale", "chat", "objection"] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

/**
 * The widths stored per purpose (AVIF and WebP each, ADR 0060), largest first; the largest is the URL the form keeps. They are
 * the storefront's display widths (apps/web: goods gallery 800 and card 400; banner 1920 wide, half
 * for phones; store card 480, twice for dense screens; article body 1200 and cover 750).
 */
export const IMAGE_WIDTHS: Record<ImagePurpose, readonly number[]> = {
  goods: [800, 400],
  banner: [1920, 960],
  store: [960, 480],
  article: [1200, 750],
  // Staff open a photo full size in the back office; the request shows thumbnails.
  aftersale: [1200, 240],
  // The chat window shows a thumbnail and opens the picture full size.
  chat: [1200, 240],
  // A renovation stage's site photo (issue #24): opened full size, listed as thumbnails.
  project: [1200, 240],
  // The business licence (营业执照, docs/decisions/0077): read on its page, words legible when enlarged.
  licence: [1600, 800],
  // The owner's photo of what they object to: shown beside the site photos, the same sizes.
  objection: [1200, 240],
};

/** The formats an upload is stored in, the browser's preferred first; WebP is every upload's. */
export type PictureFormat = "avif" | "webp";

export const PICTURE_CONTENT_TYPES: Record<PictureFormat, string> = { avif: "image/avif", webp: "image/webp" };

/**
 * Made since ADR 0060: the key carries `-avif` after its hash, and each width is stored as AVIF and
 * WebP. Without it (ADR 0037's uploads), WebP only.
 */
const AVIF_MARK = "-avif";

const UPLOAD_URL = new RegExp(
  `^/media/(${IMAGE_PURPOSES.join("|")})-([0-9a-f]{24})(${AVIF_MARK})?-([1-9][0-9]{1,4})\\.(?:webp|avif)$`,
);

/** The formats every upload is stored in from now on, the browser's preferred first. */
export const UPLOAD_FORMATS: readonly PictureFormat[] = ["avif", "webp"];

/** The key of one stored file of a new upload: `<purpose>-<hash>-avif-<width>.<format>`. */
export function uploadKey(purpose: ImagePurpose, hash: string, width: number, format: PictureFormat): string {
  return `${purpose}-${hash}${AVIF_MARK}-${width}.${format}`;
}

export interface PictureVariants {
  purpose: ImagePurpose;
  /** The widths stored, largest first (a width names its target: a smaller upload was not enlarged). */
  widths: readonly number[];
  /** The formats stored at every width, the browser's preferred first. */
  formats: readonly PictureFormat[];
  /** The URL of one width in one format. */
  url(width: number, format: PictureFormat): string;
}

/**
 * The stored widths and formats of the upload a URL names (any of its widths or formats), or null for
 * anything else: a demo drawing (SVG, one file that scales itself), an address typed by hand.
 */
export function pictureVariants(url: string): PictureVariants | null {
  const m = UPLOAD_URL.exec(url);
  if (!m) return null;
  const purpose = m[1] as ImagePurpose;
  const widths = IMAGE_WIDTHS[purpose];
  // A width the rule never made is an address typed by hand, not one of ours.
  if (!widths.includes(Number(m[4]))) return null;
  const base = `/media/${purpose}-${m[2]}${m[3] ?? ""}`;
  return {
    purpose,
    widths,
    formats: m[3] ? UPLOAD_FORMATS : ["webp"],
    url: (width, format) => `${base}-${width}.${format}`,
  };
}
