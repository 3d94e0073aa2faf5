// The demo's home-banner pictures: a room scene with no words in it. The headline, sub-line and
// button are HTML over the picture (docs/decisions/0055), so they reflow at every width instead of
// being cut off with the picture's sides at 1024 and 768 px.
import { escapeXml } from "./placeholder-svg.js";

export interface BannerSceneOptions {
  /** Names the picture (its <title>, for a reader opening the file); never drawn. */
  title: string;
  /** Wall colour, #rrggbb. */
  color: string;
  width: number;
  height: number;
}

type Rgb = [number, number, number];

function parseHex(color: string): Rgb {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  const n = m?.[1] ? Number.parseInt(m[1], 16) : 0x888888;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes towards black (amount < 0) or white (amount > 0), as #rrggbb. */
function shade(rgb: Rgb, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const a = Math.abs(amount);
  return `#${rgb
    .map((v) =>
      Math.round(v + (target - v) * a)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/**
 * A living room drawn in the right half (window, floor lamp, sofa, side table and plant on a floor),
 * so the left half, where the storefront puts the words over a darkening scrim, stays calm. The
 * scene is anchored to the centre too, so a phone's narrow crop still shows the sofa.
 */
export function renderBannerScene({ title, color, width, height }: BannerSceneOptions): string {
  const base = parseHex(color);
  const wallLight = shade(base, 0.2);
  const wallDark = shade(base, -0.15);
  const floor = shade(base, -0.35);
  const furniture = shade(base, 0.55);
  const accent = shade(base, -0.5);
  const gid = `s${shade(base, 0).slice(1)}`;
  // Drawn in a 1920 × 482 box and scaled to the asked size.
  const sx = (width / 1920).toFixed(4);
  const sy = (height / 482).toFixed(4);
  const scene = [
    // floor and skirting
    `<rect x="0" y="400" width="1920" height="82" fill="${floor}"/>`,
    `<rect x="0" y="392" width="1920" height="8" fill="${accent}" opacity=".35"/>`,
    // window with light falling on the wall
    `<rect x="1040" y="70" width="260" height="230" rx="6" fill="${furniture}" opacity=".55"/>`,
    `<path d="M1170 70v230M1040 185h260" stroke="${wallDark}" stroke-width="8"/>`,
    `<path d="M1040 300 980 400h420l-100-100z" fill="${furniture}" opacity=".12"/>`,
    // framed picture
    `<rect x="1430" y="110" width="150" height="110" rx="4" fill="${accent}" opacity=".35"/>`,
    `<rect x="1444" y="124" width="122" height="82" fill="${furniture}" opacity=".45"/>`,
    // sofa: back, seat, arms, legs
    `<g fill="${furniture}"><rect x="1330" y="250" width="380" height="90" rx="18"/>` +
      `<rect x="1310" y="320" width="420" height="58" rx="14"/><rect x="1290" y="290" width="52" height="92" rx="16"/>` +
      `<rect x="1698" y="290" width="52" height="92" rx="16"/></g>`,
    `<g fill="${accent}"><rect x="1320" y="378" width="12" height="22"/><rect x="1708" y="378" width="12" height="22"/></g>`,
    // cushions
    `<rect x="1370" y="270" width="90" height="60" rx="12" fill="${wallDark}" opacity=".55"/>`,
    `<rect x="1580" y="270" width="90" height="60" rx="12" fill="${wallDark}" opacity=".55"/>`,
    // floor lamp
    `<path d="M1790 130h90l-22 60h-46z" fill="${furniture}"/><rect x="1832" y="190" width="6" height="200" fill="${accent}"/>`,
    `<rect x="1805" y="386" width="60" height="8" rx="4" fill="${accent}"/>`,
    // low table and plant
    `<rect x="1140" y="340" width="130" height="14" rx="6" fill="${accent}" opacity=".8"/>`,
    `<path d="M1155 354v46M1255 354v46" stroke="${accent}" stroke-width="6"/>`,
    `<rect x="960" y="330" width="60" height="70" rx="8" fill="${accent}" opacity=".7"/>`,
    `<g fill="${furniture}" opacity=".8"><ellipse cx="975" cy="290" rx="22" ry="48"/><ellipse cx="1008" cy="280" rx="20" ry="55"/><ellipse cx="990" cy="250" rx="18" ry="45"/></g>`,
  ].join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${wallDark}"/><stop offset="1" stop-color="${wallLight}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#${gid})"/>` +
    `<g transform="scale(${sx} ${sy})">${scene}</g></svg>`
  );
}
