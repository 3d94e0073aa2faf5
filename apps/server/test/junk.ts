// A catalogue of junk input (R11) for any test that wants to throw garbage at an endpoint, plus the
// checks every answer to junk must pass: the envelope, a Chinese message on failure, no stack trace.

/** One kind of junk: how to put it into the query string for a parameter. */
export interface Junk {
  label: string;
  /** The raw query-string fragment (already encoded) that sets `param` to this junk. */
  fragment(param: string): string;
}

const value = (label: string, raw: string): Junk => ({
  label,
  fragment: (param) => `${encodeURIComponent(param)}=${encodeURIComponent(raw)}`,
});

/** Pre-encoded fragments, for what encodeURIComponent would never produce (null bytes, bad escapes). */
const rawValue = (label: string, encoded: string): Junk => ({
  label,
  fragment: (param) => `${encodeURIComponent(param)}=${encoded}`,
});

/** Junk values as plain strings (also usable in JSON bodies). */
export const JUNK_STRINGS: readonly string[] = [
  "a".repeat(5000),
  "家".repeat(5000),
  "' OR 1=1 --",
  "1; drop table goods",
  "1' union select null, version() --",
  "🛋️🏠",
  "-1",
  "-99999999999",
  "1e308",
  "99999999999999999999",
  "NaN",
  "Infinity",
  "0x1F",
  "1.5",
  "",
  " ",
  "%",
  "_",
  "\\",
  "<script>alert(1)</script>",
  "__proto__",
  "constructor",
  "a\u0000b",
  "\u0000",
  // Lone UTF-16 surrogates: valid JSON escapes, but no UTF-8 can hold them (#21 item 6).
  "\ud800",
  "a\udfffb",
];

export const JUNK: readonly Junk[] = [
  value("5,000-character ASCII string", "a".repeat(5000)),
  value("5,000-character Chinese string", "家".repeat(5000)),
  {
    label: "array (?x=1&x=2)",
    fragment: (p) => `${encodeURIComponent(p)}=1&${encodeURIComponent(p)}=2`,
  },
  { label: "object (x[a]=1)", fragment: (p) => `${encodeURIComponent(`${p}[a]`)}=1` },
  { label: "object (x[a]=1&x[b]=2)", fragment: (p) => `${p}%5Ba%5D=1&${p}%5Bb%5D=2` },
  { label: "bare key (?x)", fragment: (p) => encodeURIComponent(p) },
  value("SQL injection: ' OR 1=1 --", "' OR 1=1 --"),
  value("SQL injection: 1; drop table goods", "1; drop table goods"),
  value("SQL injection: union select", "1' union select null, version() --"),
  value("emoji", "🛋️🏠"),
  rawValue("null byte alone", "%00"),
  rawValue("null byte inside text", "a%00b"),
  rawValue("null byte after digits", "1%00"),
  rawValue("malformed percent escape", "%E0%A4%A"),
  rawValue("invalid UTF-8 byte", "%FF%FE"),
  rawValue("lone surrogate", "%ED%A0%80"),
  value("negative number", "-1"),
  value("huge negative number", "-99999999999"),
  value("1e308", "1e308"),
  value("20-digit number", "99999999999999999999"),
  value("NaN", "NaN"),
  value("Infinity", "Infinity"),
  value("hex number", "0x1F"),
  value("fraction", "1.5"),
  value("empty string", ""),
  value("whitespace", " "),
  value("LIKE wildcard %", "%"),
  value("LIKE wildcard _", "_"),
  value("backslash", "\\"),
  value("HTML", "<script>alert(1)</script>"),
  value("__proto__", "__proto__"),
  value("constructor", "constructor"),
];

/**
 * The junk that means something to the query-string parser rather than to an endpoint: shapes
 * (repeated keys, brackets, a bare key), bytes no text holds, and length. A parameter an endpoint
 * does not declare reaches only the parser and the schema, which drops it, never a handler, so the
 * probes feed it these alone; "-1" or "' OR 1=1 --" there is only another string to drop.
 */
export const QUERY_PARSER_JUNK: readonly Junk[] = JUNK.filter(
  (junk) =>
    /^(array|object|bare key|null byte|malformed|invalid UTF-8|lone surrogate)/.test(junk.label) ||
    junk.label.startsWith("5,000-character"),
);

/** Parameter names every endpoint is probed with, on top of the ones its schema declares. */
export const COMMON_PARAMS: readonly string[] = ["id", "current", "pageSize", "name", "city"];

/** At least one CJK ideograph. */
export const CJK = /[\u4e00-\u9fff]/;

/** What a stack trace or Node internals look like in text. */
const STACK_PATTERNS: readonly RegExp[] = [
  /\bat [^\n]*\(?(?:file:\/\/)?\/[^\n]*:\d+:\d+/,
  /\bat [^\n]*node:internal/,
  /node:internal\//,
  /\/node_modules\//,
  /\/apps\/server\/src\//,
  /^\s*(?:\w*Error|Error):/m,
];

/** Describes what is wrong with an answer to junk, or returns null when it is a proper envelope. */
export function envelopeProblem(status: number, text: string): string | null {
  if (status >= 500) return `status ${status}`;
  // Refused by the per-IP request limit, the junk never reached the endpoint: the probe proved nothing.
  // (An endpoint's own limit, such as a phone's send limit, answers after validation and is fine.)
  if (status === 429 && text.includes("操作过于频繁"))
    return "refused by the per-IP request limit (give each probe its own client address)";
  for (const pattern of STACK_PATTERNS)
    if (pattern.test(text)) return `looks like a stack trace (${pattern}): ${text.slice(0, 300)}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 200)}`;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return `not an object: ${text.slice(0, 200)}`;
  const { code, message } = body as Record<string, unknown>;
  if (!("data" in body)) return `no data field: ${text.slice(0, 200)}`;
  if (typeof code !== "number") return `code is not a number: ${text.slice(0, 200)}`;
  if (typeof message !== "string" || message.trim() === "") return `empty message: ${text.slice(0, 200)}`;
  if (code !== 1 && !CJK.test(message)) return `failure message is not Chinese: ${message}`;
  for (const pattern of STACK_PATTERNS) if (pattern.test(message)) return `message leaks internals: ${message}`;
  return null;
}
