// Draws the demo panorama of /iframe: an equirectangular (2:1) PNG of a furnished living room,
// ray-cast into a box room with flat colours so it compresses small. Plain Node (zlib), no image
// library. Run `node scripts/gen-panorama.mjs` after changing the drawing; the output is committed.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const WIDTH = 2048;
const HEIGHT = 1024;
const OUT = join(dirname(fileURLToPath(import.meta.url)), "..", "apps/web/public/panorama/living-room.png");

// The room in metres, camera at the origin 1.5 m above the floor: x right, y up, z forward.
const HALF_W = 3.2;
const HALF_D = 4.2;
const FLOOR = -1.5;
const CEILING = 1.3;

const rgb = (hex) => [(hex >> 16) & 255, (hex >> 8) & 255, hex & 255];
const C = {
  ceiling: rgb(0xf4f1ec),
  lamp: rgb(0xfff3c4),
  lampRing: rgb(0xd9c9a0),
  cornice: rgb(0xe6e0d6),
  wallFront: rgb(0xe9dfd2),
  wallBack: rgb(0xdcd3c6),
  wallSide: rgb(0xe2d8ca),
  skirting: rgb(0xfaf8f4),
  plankA: rgb(0xb98a5e),
  plankB: rgb(0xa97a50),
  plankC: rgb(0xc29468),
  seam: rgb(0x8a6240),
  rug: rgb(0x7d8c8f),
  rugBorder: rgb(0x5e6b6e),
  sky: rgb(0xbfe0f5),
  skyLow: rgb(0xd8ecf7),
  frame: rgb(0xfdfdfb),
  curtain: rgb(0xb5614a),
  door: rgb(0x9c7150),
  doorPanel: rgb(0x8a6142),
  handle: rgb(0xd8c07a),
  sofa: rgb(0x54656e),
  sofaCushion: rgb(0x6a7d87),
  art: rgb(0x2f5d62),
  artSun: rgb(0xe3a857),
  artFrame: rgb(0x3b2f27),
  tv: rgb(0x1e1f22),
  cabinet: rgb(0xf2efe9),
  cabinetLine: rgb(0xc9c2b6),
  shelf: rgb(0x9c7150),
  plant: rgb(0x4f7a4a),
  pot: rgb(0xf0ebe3),
};

const inside = (v, lo, hi) => v >= lo && v <= hi;
const hash = (n) => {
  const s = Math.sin(n * 127.1) * 43758.5453;
  return s - Math.floor(s);
};

function floor(x, z) {
  // Rug in front of the sofa.
  if (inside(x, -1.6, 1.6) && inside(z, -2.6, 0.4)) {
    return inside(x, -1.45, 1.45) && inside(z, -2.45, 0.25) ? C.rug : C.rugBorder;
  }
  const plank = Math.floor((x + HALF_W) / 0.22);
  const row = Math.floor((z + HALF_D + hash(plank) * 1.2) / 1.2);
  if ((x + HALF_W) % 0.22 < 0.012) return C.seam;
  if ((z + HALF_D + hash(plank) * 1.2) % 1.2 < 0.012) return C.seam;
  const pick = hash(plank * 31 + row);
  return pick < 0.33 ? C.plankA : pick < 0.66 ? C.plankB : C.plankC;
}

function ceiling(x, z) {
  const r = Math.hypot(x, z - 0.5);
  if (r < 0.45) return C.lamp;
  if (r < 0.52) return C.lampRing;
  if (Math.abs(x) > HALF_W - 0.15 || Math.abs(z) > HALF_D - 0.15) return C.cornice;
  return C.ceiling;
}

/** A wall seen from inside: u runs left to right as seen, y is the height. */
function wall(side, u, y) {
  if (y < FLOOR + 0.1) return C.skirting;
  if (y > CEILING - 0.08) return C.cornice;
  if (side === "front") {
    // Window with curtains.
    if (inside(u, -1.8, 1.8) && inside(y, -0.7, 1.05)) {
      if (!inside(u, -1.72, 1.72) || !inside(y, -0.62, 0.97) || Math.abs(u) < 0.04) return C.frame;
      return y > 0.2 ? C.sky : C.skyLow;
    }
    if (inside(u, -2.4, -1.85) || inside(u, 1.85, 2.4)) {
      if (y > -1.3) return C.curtain;
    }
    if (inside(u, 2.6, 3.0) && inside(y, -1.5, -1.05)) return C.pot;
    if (inside(u, 2.45, 3.15) && inside(y, -1.05, -0.2)) return C.plant;
    return C.wallFront;
  }
  if (side === "back") {
    // Sofa against the wall and a painting above it.
    if (inside(u, -2.0, 2.0) && inside(y, -1.5, -0.95)) {
      return inside(y, -1.2, -0.95) && Math.abs((u + 2.0) % 1.0) > 0.04 ? C.sofaCushion : C.sofa;
    }
    if (inside(u, -2.0, 2.0) && inside(y, -0.95, -0.55)) return inside(u, -1.85, 1.85) ? C.sofaCushion : C.sofa;
    if (inside(u, -0.9, 0.9) && inside(y, 0.0, 0.85)) {
      if (!inside(u, -0.85, 0.85) || !inside(y, 0.05, 0.8)) return C.artFrame;
      return Math.hypot(u - 0.3, y - 0.55) < 0.16 ? C.artSun : C.art;
    }
    return C.wallBack;
  }
  if (side === "left") {
    // Door.
    if (inside(u, -1.5, -0.5) && inside(y, FLOOR, 0.6)) {
      if (inside(u, -0.68, -0.6) && inside(y, -0.55, -0.45)) return C.handle;
      if (inside(u, -1.35, -0.65) && (inside(y, -1.2, -0.4) || inside(y, -0.2, 0.4))) return C.doorPanel;
      return C.door;
    }
    return C.wallSide;
  }
  // Right: TV on a low cabinet, and a shelf.
  if (inside(u, -1.0, 1.0) && inside(y, -0.45, 0.65)) return C.tv;
  if (inside(u, -1.6, 1.6) && inside(y, -1.5, -0.95)) {
    return Math.abs(u % 0.8) < 0.015 || inside(y, -1.5, -1.45) ? C.cabinetLine : C.cabinet;
  }
  if (inside(u, 1.9, 2.8) && (inside(y, 0.1, 0.14) || inside(y, 0.55, 0.59))) return C.shelf;
  return C.wallSide;
}

function colour(lon, lat) {
  const dx = Math.cos(lat) * Math.sin(lon);
  const dy = Math.sin(lat);
  const dz = Math.cos(lat) * Math.cos(lon);
  const hits = [
    dx > 0 ? [HALF_W / dx, "right"] : dx < 0 ? [-HALF_W / dx, "left"] : null,
    dz > 0 ? [HALF_D / dz, "front"] : dz < 0 ? [-HALF_D / dz, "back"] : null,
    dy > 0 ? [CEILING / dy, "ceiling"] : dy < 0 ? [FLOOR / dy, "floor"] : null,
  ].filter(Boolean);
  const [t, face] = hits.reduce((a, b) => (b[0] < a[0] ? b : a));
  const x = dx * t;
  const y = dy * t;
  const z = dz * t;
  switch (face) {
    case "floor":
      return floor(x, z);
    case "ceiling":
      return ceiling(x, z);
    case "front":
      return wall("front", x, y);
    case "back":
      return wall("back", -x, y);
    case "left":
      return wall("left", -z, y);
    default:
      return wall("right", z, y);
  }
}

function crc32(buf) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

// Rows with PNG filter "sub" (1): flat colours turn into runs of zeros.
const raw = Buffer.alloc(HEIGHT * (1 + WIDTH * 3));
for (let row = 0; row < HEIGHT; row++) {
  const lat = Math.PI / 2 - ((row + 0.5) / HEIGHT) * Math.PI;
  const base = row * (1 + WIDTH * 3);
  raw[base] = 1;
  let prev = [0, 0, 0];
  for (let col = 0; col < WIDTH; col++) {
    const lon = ((col + 0.5) / WIDTH) * 2 * Math.PI - Math.PI;
    const px = colour(lon, lat);
    for (let k = 0; k < 3; k++) raw[base + 1 + col * 3 + k] = (px[k] - prev[k]) & 255;
    prev = px;
  }
}

const header = Buffer.alloc(13);
header.writeUInt32BE(WIDTH, 0);
header.writeUInt32BE(HEIGHT, 4);
header[8] = 8; // bit depth
header[9] = 2; // truecolour
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk("IHDR", header),
  chunk("IDAT", deflateSync(raw, { level: 9 })),
  chunk("IEND", Buffer.alloc(0)),
]);
writeFileSync(OUT, png);
console.log(`${OUT.split("/").slice(-4).join("/")}: ${WIDTH}×${HEIGHT}, ${(png.length / 1024).toFixed(0)} KB`);
