// Generated placeholder images for the demo data: small, self-contained SVGs
// (no external references, no scripts) so the seed needs no binary assets.

export type PlaceholderKind = "goods" | "banner" | "article" | "store" | "avatar";

export interface PlaceholderOptions {
  title: string;
  subtitle?: string;
  /** Background colour, #rrggbb. */
  color: string;
  width: number;
  height: number;
  kind?: PlaceholderKind;
}

const FONT = "Noto Sans CJK SC, PingFang SC, Microsoft YaHei, sans-serif";
const DARK_TEXT = "#1f2328";
const LIGHT_TEXT = "#ffffff";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Characters allowed in XML 1.0 documents (no C0 controls except tab/newlines, no lone surrogates). */
function isXmlChar(cp: number): boolean {
  if (cp < 0x20) return cp === 0x09 || cp === 0x0a || cp === 0x0d;
  return !(cp >= 0xd800 && cp <= 0xdfff) && cp !== 0xfffe && cp !== 0xffff;
}

/** Escapes text for element content and attribute values; drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  let out = "";
  for (const ch of text) {
    if (isXmlChar(ch.codePointAt(0) ?? 0)) out += XML_ESCAPES[ch] ?? ch;
  }
  return out;
}

export function parseHex(color: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  const n = m?.[1] ? Number.parseInt(m[1], 16) : 0x888888; // a neutral grey keeps bad input renderable
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Mixes towards black (amount < 0) or white (amount > 0). */
export function shade(rgb: [number, number, number], amount: number): [number, number, number] {
  const target = amount < 0 ? 0 : 255;
  const a = Math.abs(amount);
  return [rgb[0] + (target - rgb[0]) * a, rgb[1] + (target - rgb[1]) * a, rgb[2] + (target - rgb[2]) * a];
}

/** WCAG relative luminance, 0 (black) … 1 (white). */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** Approximate advance width in em: CJK and full-width glyphs are square, Latin is narrower. */
function textWidthEm(text: string): number {
  let w = 0;
  for (const ch of text) w += (ch.codePointAt(0) ?? 0) > 0x2e7f ? 1 : 0.56;
  return w;
}

const BREAK_AFTER = new Set([" ", "·", "，", "、", "？", "！", "：", "|", "/", "+"]);

/**
 * Units a line may not split: a number with its decimal or range parts and its unit ("1.2万", "699元/㎡",
 * "60×120cm", "2025-05"), a Latin word ("TATA", "E0"), otherwise one character.
 */
const UNBREAKABLE =
  /\d+(?:[.,:×~\-–/]\d+)*%?(?:元\/㎡|\/㎡|㎡|m²|万元|万|元|cm|mm|kg|℃|匹|寸|米|L|W|P|m)?|[A-Za-z][A-Za-z0-9]*|[\s\S]/gu;

function tokens(text: string): string[] {
  return text.match(UNBREAKABLE) ?? [];
}

function greedy(text: string, limitEm: number): string[] {
  const lines: string[] = [];
  let line: string[] = [];
  for (const token of tokens(text)) {
    if (line.length && textWidthEm(line.join("") + token) > limitEm) {
      // Prefer to break after a space or punctuation if one is in the last 40% of the line.
      let cut = -1;
      for (let i = line.length - 1; i >= line.length * 0.6; i--) {
        if (BREAK_AFTER.has(line[i] ?? "")) {
          cut = i + 1;
          break;
        }
      }
      if (cut > 0 && cut < line.length) {
        lines.push(line.slice(0, cut).join(""));
        line = line.slice(cut);
      } else {
        lines.push(line.join(""));
        line = [];
      }
    }
    line.push(token);
  }
  if (line.length) lines.push(line.join(""));
  return lines.map((l) => l.trim()).filter(Boolean);
}

/** Wraps into balanced lines (no lone last character); overlong titles end with an ellipsis. */
export function wrap(text: string, maxEm: number, maxLines: number): string[] {
  const total = textWidthEm(text);
  const wanted = Math.max(1, Math.ceil(total / maxEm));
  let lines = greedy(text, Math.min(maxEm, total / wanted + 1.2));
  if (lines.length > wanted) lines = greedy(text, maxEm);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? "";
  // Shorten by whole units, so the ellipsis never follows half a number.
  const units = tokens(last);
  while (units.length && textWidthEm(`${units.join("")}…`) > maxEm) units.pop();
  last = units.join("").trimEnd();
  kept[maxLines - 1] = `${last}…`;
  return kept;
}

// Motifs are drawn in a 100×60 box and scaled into a corner; one short path each keeps files small.
const MOTIFS: Record<PlaceholderKind, string> = {
  // sofa: back, seat, arms and legs
  goods:
    '<rect x="12" y="8" width="76" height="26" rx="6"/><rect x="6" y="30" width="88" height="16" rx="5"/><rect x="0" y="22" width="14" height="28" rx="5"/><rect x="86" y="22" width="14" height="28" rx="5"/><rect x="12" y="50" width="5" height="8"/><rect x="83" y="50" width="5" height="8"/>',
  // room: window, floor lamp and a low sofa on a floor line
  banner:
    '<rect x="8" y="0" width="30" height="34" rx="2" fill-opacity=".55"/><path d="M23 0v34M8 17h30" stroke-width="2"/><path d="M70 6h16l-4 10h-8z"/><rect x="77" y="16" width="2" height="40"/><rect x="36" y="38" width="40" height="14" rx="4"/><rect x="0" y="57" width="100" height="3"/>',
  // house: roof, walls, door and window
  article:
    '<path d="M50 0 96 30H84v30H16V30H4z"/><rect x="42" y="38" width="16" height="22" fill-opacity=".5"/><rect x="24" y="34" width="12" height="10" fill-opacity=".5"/><rect x="64" y="34" width="12" height="10" fill-opacity=".5"/>',
  // storefront: striped awning over a glazed facade
  store:
    '<path d="M4 16 14 0h72l10 16z"/><path d="M4 16h92v6H4z" fill-opacity=".6"/><rect x="8" y="24" width="84" height="36" fill-opacity=".45"/><rect x="42" y="32" width="16" height="28"/>',
  // person: head and shoulders
  avatar: '<circle cx="50" cy="18" r="16"/><path d="M18 60c0-18 14-28 32-28s32 10 32 28z"/>',
};

export function renderPlaceholderSvg(opts: PlaceholderOptions): string {
  const { width, height } = opts;
  const kind = opts.kind ?? "goods";
  const base = parseHex(opts.color);
  const light = shade(base, 0.18);
  const dark = shade(base, -0.22);
  // Pick the text colour against the gradient's midpoint (the base colour).
  const bgLum = luminance(base);
  const useDark = contrast(bgLum, luminance(parseHex(DARK_TEXT))) > contrast(bgLum, 1);
  const fg = useDark ? DARK_TEXT : LIGHT_TEXT;
  const gid = `g${toHex(base).slice(1)}`;

  const short = Math.min(width, height);
  const isAvatar = kind === "avatar";
  let size = Math.round(isAvatar ? short * 0.36 : Math.min(height * 0.12, width * 0.075));
  const maxEm = () => (width * 0.82) / size;
  // Avatars show the surname (or two Latin initials) like a contact badge.
  const avatarText =
    (opts.title.codePointAt(0) ?? 0) < 0x80 ? opts.title.slice(0, 2).toUpperCase() : ([...opts.title][0] ?? "");
  let lines = isAvatar ? [avatarText] : wrap(opts.title, maxEm(), 3);
  // Shrink long titles a little before resorting to three lines.
  while (!isAvatar && lines.length > 2 && size > short * 0.06) {
    size = Math.round(size * 0.9);
    lines = wrap(opts.title, maxEm(), 3);
  }
  const lineHeight = Math.round(size * 1.3);
  const subSize = Math.round(size * 0.5);
  const sub = opts.subtitle && !isAvatar ? escapeXml(opts.subtitle) : "";
  const blockHeight = lines.length * lineHeight + (sub ? subSize * 1.8 : 0);
  const cx = Math.round(width / 2);
  // Baseline of the first line, so that the whole title block is vertically centred.
  const top = Math.round(height / 2 - blockHeight / 2 + size * 0.95);
  const tspans = lines.map((l, i) => `<tspan x="${cx}" y="${top + i * lineHeight}">${escapeXml(l)}</tspan>`).join("");
  const subY = top + (lines.length - 1) * lineHeight + Math.round(subSize * 2.1);
  const subtitle = sub ? `<text x="${cx}" y="${subY}" font-size="${subSize}" fill-opacity=".82">${sub}</text>` : "";

  // Motif sits in the lower right (centred for avatars), faint so the title stays readable.
  const scale = isAvatar ? (short * 0.6) / 100 : kind === "banner" ? (height * 0.55) / 60 : (short * 0.42) / 100;
  const mx = Math.round(isAvatar ? (width - 100 * scale) / 2 : width - 100 * scale - short * 0.06);
  const my = Math.round(isAvatar ? height - 60 * scale : height - 60 * scale - short * 0.06);
  const motif = `<g transform="translate(${mx} ${my}) scale(${scale.toFixed(3)})" fill="${fg}" stroke="${fg}" stroke-width="0" opacity="${isAvatar ? 0.28 : 0.16}">${MOTIFS[kind]}</g>`;
  const ring = `<circle cx="${Math.round(width * 0.12)}" cy="${Math.round(height * 0.18)}" r="${Math.round(short * 0.32)}" fill="${toHex(shade(base, 0.3))}" opacity=".25"/>`;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${escapeXml(opts.title)}</title>` +
    `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${toHex(light)}"/><stop offset="1" stop-color="${toHex(dark)}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#${gid})"/>${isAvatar ? "" : ring}${motif}` +
    `<g font-family="${FONT}" text-anchor="middle" fill="${fg}">` +
    `<text font-size="${size}" font-weight="600">${tspans}</text>${subtitle}</g></svg>`
  );
}
