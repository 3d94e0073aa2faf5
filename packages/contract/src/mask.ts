// Phone numbers are shown and logged masked (R14): 13800000000 → 138****0000. One rule
// for the server's logs and the web's header. It masks every mainland number inside a longer text:
// with its country code (+86, 86, 0086) or without, grouped 3-4-4 or not, full-width, and in any part
// percent-encoded (a URL as the client sent it, even encoded twice), since a reader decodes all that.

/**
 * A mainland number not glued to other digits; a digit ending a percent escape (%20) does not glue.
 * Nor the fraction of a decimal number: a log line's `"responseTime":2.15312345678` is a number, and
 * masking it would leave the line unreadable as JSON.
 * Group 1 runs from the match's start to the four digits that are hidden.
 */
const PHONE = /(?<!\d\.)(?<!(?<!%[0-9A-Fa-f]?)\d)((?:(?:\+|00)?86[ -]?)?1[3-9]\d[ -]?)\d{4}(?=[ -]?\d{4}(?!\d))/g;
const NEEDS_DECODING = /%[0-9A-Fa-f]{2}|[\uFF10-\uFF19]/;

/** A piece of the original text ([start, end)) and the one character it reads as. */
interface Unit {
  start: number;
  end: number;
  char: string;
}

/** How deep percent-encoding is undone (%2531 → %31 → 1). */
const MAX_DECODING_LEVELS = 3;

export function maskPhone(text: string): string {
  if (!NEEDS_DECODING.test(text)) return text.replace(PHONE, "$1****");
  const hidden: Unit[] = [];
  let units: Unit[] = Array.from({ length: text.length }, (_, i) => ({
    start: i,
    end: i + 1,
    char: readAs(text.charCodeAt(i)),
  }));
  for (let level = 0; ; level++) {
    findHidden(units, hidden);
    if (level === MAX_DECODING_LEVELS) break;
    const decoded = decodeLevel(units);
    if (decoded.length === units.length) break;
    units = decoded;
  }
  if (hidden.length === 0) return text;
  // Each hidden unit becomes one '*'; units found at different levels may overlap.
  const covered = new Uint8Array(text.length);
  const star = new Uint8Array(text.length);
  for (const unit of hidden) {
    covered.fill(1, unit.start, unit.end);
    star[unit.start] = 1;
  }
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (!covered[i]) out += text[i];
    else if (star[i]) out += "*";
  }
  return out;
}

/** A character as the matcher reads it: full-width digits as digits, and always one UTF-16 unit. */
function readAs(code: number): string {
  if (code >= 0xff10 && code <= 0xff19) return String.fromCharCode(code - 0xfee0);
  return code <= 0xffff ? String.fromCharCode(code) : "\uFFFD";
}

function findHidden(units: Unit[], hidden: Unit[]) {
  const read = units.map((u) => u.char).join("");
  for (const match of read.matchAll(PHONE)) {
    const from = match.index + (match[1]?.length ?? 0);
    hidden.push(...units.slice(from, from + 4));
  }
}

function hexValue(unit: Unit | undefined): number {
  if (!unit) return -1;
  const code = unit.char.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/** The byte a percent escape at units[i] stands for, or -1. */
function escapedByte(units: Unit[], i: number): number {
  if (units[i]?.char !== "%") return -1;
  const high = hexValue(units[i + 1]);
  const low = hexValue(units[i + 2]);
  return high < 0 || low < 0 ? -1 : high * 16 + low;
}

/**
 * Undoes one level of percent-encoding: an escape (or a UTF-8 sequence of them) becomes one unit
 * spanning all of it.
 */
function decodeLevel(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (let i = 0; i < units.length; ) {
    const lead = escapedByte(units, i);
    const length = lead < 0x80 ? 1 : lead >= 0xf0 && lead < 0xf5 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 0;
    let codePoint = lead < 0x80 ? lead : lead & (0xff >> (length + 1));
    let valid = lead >= 0 && length > 0;
    for (let k = 1; valid && k < length; k++) {
      const next = escapedByte(units, i + 3 * k);
      valid = next >= 0x80 && next < 0xc0;
      codePoint = (codePoint << 6) | (next & 0x3f);
    }
    const unit = units[i] as Unit;
    if (!valid) {
      out.push(unit);
      i += 1;
      continue;
    }
    const last = units[i + 3 * length - 1] as Unit;
    out.push({
      start: unit.start,
      end: last.end,
      char: codePoint < 0x80 ? String.fromCharCode(codePoint) : readAs(codePoint),
    });
    i += 3 * length;
  }
  return out;
}
