// A rendered page's gzip, made of deflate segments (docs/decisions/0083). Every page inlines the
// whole stylesheet (87 KB, docs/decisions/0059), and compressing it again for each page was the
// largest part of compressing the page (brotli 4: 1.8 ms of a category page's 9 ms of CPU). Raw
// deflate segments concatenate: each part is compressed by a fresh stream that ends on a byte
// boundary (a sync flush), so no part refers back into another, and one empty final block ends the
// whole. The stylesheet's segment is made once per build (level 9) and kept by the identity of its
// bytes; the page's own parts are compressed per request at level 3 (a third of level 6's time for
// 5–7 % more bytes). The page as sent is smaller than brotli 4 made it (27.3 KB against 28.0 KB
// for a category page).
import { constants, crc32, deflateRawSync } from "node:zlib";

/** gzip's header (RFC 1952): deflate, no name or time, unknown OS. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final, empty, fixed-Huffman block: what ends the concatenated stream. */
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));
const PAGE_LEVEL = 3;
const SHARED_LEVEL = 9;

/** Segments of bytes that every page repeats (the stylesheet), by the bytes' identity. */
const sharedSegments = new WeakMap<Uint8Array, Buffer>();

function segment(bytes: Uint8Array, level: number): Buffer {
  return deflateRawSync(bytes, { level, finishFlush: constants.Z_SYNC_FLUSH });
}

/**
 * The gzip of `parts` in order. A part in `shared` is the same object on every page and is
 * compressed once; the others are compressed here.
 */
export function gzipPage(parts: readonly Uint8Array[], shared: ReadonlySet<Uint8Array>): Buffer {
  const out: Buffer[] = [HEADER];
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    crc = crc32(part, crc);
    length += part.length;
    if (!shared.has(part)) {
      out.push(segment(part, PAGE_LEVEL));
      continue;
    }
    let kept = sharedSegments.get(part);
    if (!kept) {
      kept = segment(part, SHARED_LEVEL);
      sharedSegments.set(part, kept);
    }
    out.push(kept);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  // ISIZE is the length modulo 2^32.
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  out.push(FINAL_BLOCK, trailer);
  return Buffer.concat(out);
}
