// Demo pictures that look like what they stand for: a line drawing of the goods (or a room scene for
// cases and packages) over a tint of the category colour, a caption band below, and a 示意图 tag so
// nobody takes the drawing for a photograph (docs/decisions/0057-demo-pictures-are-drawings.md).
import { CATEGORY_DRAWINGS, FLOOR_Y, ROOM_DRAWINGS, type RoomKind } from "./demo-drawings.js";
import { escapeXml, parseHex, shade, toHex, wrap } from "./placeholder-svg.js";

/** main: the goods itself; detail: a close-up of it; scene: it standing in a room. */
export type DrawingView = "main" | "detail" | "scene";

export type Drawing = { category: string; view?: DrawingView } | { room: RoomKind };

export interface IllustrationOptions {
  title: string;
  subtitle?: string;
  /** Category colour, #rrggbb: the background is a light tint of it, the lines a dark shade. */
  color: string;
  width: number;
  height: number;
  drawing: Drawing;
}

const FONT = "Noto Sans CJK SC, PingFang SC, Microsoft YaHei, sans-serif";
const TITLE_INK = "#1f2328";
const SUBTITLE_INK = "#57606a"; // 6.4:1 on the white band

/** The drawing's markup for a category or room; unknown categories get the room they would stand in. */
export function drawingMarkup(drawing: Drawing): string {
  if ("room" in drawing) return ROOM_DRAWINGS[drawing.room];
  return CATEGORY_DRAWINGS[drawing.category] ?? ROOM_DRAWINGS.living;
}

export function renderIllustrationSvg(opts: IllustrationOptions): string {
  const { width: w, height: h, drawing } = opts;
  const base = parseHex(opts.color);
  const wall = toHex(shade(base, 0.78));
  const floor = toHex(shade(base, 0.6));
  const ink = toHex(shade(base, -0.62));
  const paper = toHex(shade(base, 0.94));
  const tint = toHex(shade(base, 0.4));

  const short = Math.min(w, h);
  const pad = Math.round(short * 0.06);
  const bandH = Math.round(h * (h >= w ? 0.24 : 0.27));
  const size = Math.round(Math.min(bandH * 0.22, w * 0.05));
  const subSize = Math.round(size * 0.62);
  const maxEm = (w - pad * 2) / size;

  // The drawing's 200×200 box, fitted into the area above the caption band.
  const areaTop = pad;
  const areaBottom = h - bandH - Math.round(pad * 0.5);
  const areaH = areaBottom - areaTop;
  const view = "room" in drawing ? "room" : (drawing.view ?? "main");
  let scale = Math.min(w - pad * 2, areaH) / 200;
  let x = (w - 200 * scale) / 2;
  let y = areaTop + (areaH - 200 * scale) / 2;
  if (view === "detail") {
    // Closer, centred a little off the middle, clipped to the area.
    scale *= 1.6;
    x = w / 2 - 110 * scale;
    y = areaTop + areaH / 2 - 96 * scale;
  }
  const floorY = Math.round(y + FLOOR_Y * scale);
  let art = `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(3)})">${drawingMarkup(drawing)}</g>`;
  if (view === "scene") {
    // The goods at half size, standing on the floor in front of a window.
    const s = scale * 0.55;
    const sx = (w - 200 * s) / 2;
    const sy = floorY + 20 * scale - 186 * s;
    art =
      `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(3)})"><rect x="14" y="20" width="46" height="58" class="t"/><path d="M37 20v58M14 49h46" fill="none"/></g>` +
      `<g transform="translate(${sx.toFixed(1)} ${sy.toFixed(1)}) scale(${s.toFixed(3)})">${drawingMarkup(drawing)}</g>`;
  }
  const hasFloor = view === "scene" || view === "room";
  const floorRect = hasFloor
    ? `<rect y="${floorY}" width="${w}" height="${h - floorY}" fill="${floor}"/><path d="M0 ${floorY}H${w}" stroke="${ink}" stroke-width="${Math.max(1, scale * 1.5).toFixed(1)}"/>`
    : "";
  // Lines of the same weight on every picture size and view, whatever the drawing's scale.
  const strokeWidth = ((short * 0.0065) / scale).toFixed(2);

  const lines = wrap(opts.title, maxEm, 2);
  const lineHeight = Math.round(size * 1.3);
  const sub = opts.subtitle ? (wrap(opts.subtitle, (w - pad * 2) / subSize, 1)[0] ?? "") : "";
  const blockH = lines.length * lineHeight + (sub ? Math.round(subSize * 1.5) : 0);
  const bandTop = h - bandH;
  const top = Math.round(bandTop + (bandH - blockH) / 2 + size * 0.95);
  const tspans = lines.map((l, i) => `<tspan x="${pad}" y="${top + i * lineHeight}">${escapeXml(l)}</tspan>`).join("");
  const subY = top + (lines.length - 1) * lineHeight + Math.round(subSize * 1.7);
  const subtitle = sub
    ? `<text x="${pad}" y="${subY}" font-size="${subSize}" fill="${SUBTITLE_INK}">${escapeXml(sub)}</text>`
    : "";

  const tagSize = Math.max(13, Math.round(short * 0.045)); // still legible on a card a third the size
  const tagW = Math.round(tagSize * 4);
  const tagH = Math.round(tagSize * 1.7);
  const tag =
    `<rect x="${Math.round(pad * 0.5)}" y="${Math.round(pad * 0.5)}" width="${tagW}" height="${tagH}" rx="${Math.round(tagH / 2)}" fill="#1f2328" fill-opacity=".72"/>` +
    `<text x="${Math.round(pad * 0.5 + tagW / 2)}" y="${Math.round(pad * 0.5 + tagH * 0.7)}" font-size="${tagSize}" fill="#ffffff" text-anchor="middle">示意图</text>`;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img">` +
    `<title>${escapeXml(`${opts.title}（示意图）`)}</title>` +
    `<defs><clipPath id="area"><rect width="${w}" height="${bandTop}"/></clipPath></defs>` +
    `<rect width="${w}" height="${h}" fill="${wall}"/>${floorRect}` +
    `<g class="drawing" clip-path="url(#area)" fill="${paper}" stroke="${ink}" stroke-width="${strokeWidth}" stroke-linejoin="round" stroke-linecap="round">${art.replaceAll('class="t"', `fill="${tint}"`)}</g>` +
    `<rect y="${bandTop}" width="${w}" height="${bandH}" fill="#ffffff"/>` +
    `<g font-family="${FONT}">${tag}<text font-size="${size}" font-weight="600" fill="${TITLE_INK}">${tspans}</text>${subtitle}</g></svg>`
  );
}
