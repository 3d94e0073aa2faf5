// Draws the site's raster icons from apps/web/public/favicon.svg with sharp: the tab icon and the
// home-screen icon. A browser decodes an SVG favicon as a document of its own on the page's main
// thread; a PNG is decoded as a picture (docs/decisions/0106). Run `node scripts/gen-icons.mjs` after
// changing the drawing; the outputs are committed.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), "..", "apps/web/public");
const svg = readFileSync(join(PUBLIC, "favicon.svg"));

/**
 * The tab icon at 48 px (a 16 px tab at 3×, a 32 px one at 1.5×), with the drawing's rounded corners,
 * and Apple's 180 px home-screen icon, square on the brand colour: iOS rounds it itself and would
 * show transparent corners black.
 */
const ICONS = [
  { file: "favicon.png", size: 48 },
  { file: "apple-touch-icon.png", size: 180, background: "#c23b22" },
];

for (const { file, size, background } of ICONS) {
  // The drawing is 64 units square: rendered at the density that makes it `size` pixels wide.
  const drawn = sharp(svg, { density: (72 * size) / 64 }).resize(size, size);
  await (background ? drawn.flatten({ background }) : drawn)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(PUBLIC, file));
  console.log(`${file}: ${size} × ${size}`);
}
