import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskPhone } from "./mask.js";

describe("maskPhone", () => {
  it("masks a mainland number alone and inside text", () => {
    expect(maskPhone("13800000000")).toBe("138****0000");
    expect(maskPhone("GET /api/customers/getVerificationCode?phone=19912345678&t=1")).toBe(
      "GET /api/customers/getVerificationCode?phone=199****5678&t=1",
    );
  });

  it("leaves other digit runs alone", () => {
    for (const text of ["12345678901", "order 2026112209155012345", "7713800000000"]) {
      expect(maskPhone(text)).toBe(text);
    }
  });

  it("leaves a decimal's fraction alone, so a JSON log line stays JSON", () => {
    const line = '{"level":30,"responseTime":2.15312345678,"msg":"request completed"}';
    expect(maskPhone(line)).toBe(line);
    // A fraction of exactly a mainland number's digits, the case that broke a test's log (1 in ~10⁴ lines).
    const fraction = fc
      .tuple(fc.integer({ min: 3, max: 9 }), fc.stringMatching(/^\d{9}$/))
      .map(([second, rest]) => `1${second}${rest}`);
    fc.assert(
      fc.property(fc.nat(), fraction, (whole, digits) => {
        const json = `{"responseTime":${whole}.${digits},"phone":"13800000000"}`;
        expect(JSON.parse(maskPhone(json))).toEqual({ ...JSON.parse(json), phone: "138****0000" });
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    // the +86, 86 and 0086 forms and 3-4-4 groups
    ["+8613800000000", "+86138****0000"],
    ["8613800000000", "86138****0000"],
    ["tel 0086 138 1234 5678.", "tel 0086 138 **** 5678."],
    ["138-1234-5678", "138-****-5678"],
    // a number after a percent-encoded character
    ["?phone=%2013800000000", "?phone=%20138****0000"],
    ["?phone=%2B8613800000000&t=1", "?phone=%2B86138****0000&t=1"],
    ["?phone=+8613800000000", "?phone=+86138****0000"],
  ])("masks %s as %s", (text, masked) => {
    expect(maskPhone(text)).toBe(masked);
  });

  it("masks a number whose digits are percent-encoded, once or twice, or full-width", () => {
    const encoded = [..."13812345678"].map((c) => `%3${c}`).join("");
    expect(maskPhone(`?phone=${encoded}`)).toBe("?phone=%31%33%38****%35%36%37%38");
    expect(maskPhone(`?phone=${encoded.replaceAll("%", "%25")}`)).toBe(
      "?phone=%2531%2533%2538****%2535%2536%2537%2538",
    );
    expect(maskPhone("?name=".concat(encodeURIComponent("１３８１２３４５６７８")))).not.toContain(
      encodeURIComponent("１２３４"),
    );
    expect(maskPhone("电话１３８１２３４５６７８")).toBe("电话１３８****５６７８");
  });
});

// Property tests: a number that stands on its own (not glued to other digits) never survives the
// mask, whatever text surrounds it, however it is written, and however much of it is URL-encoded.

const mainland = fc
  .tuple(fc.integer({ min: 3, max: 9 }), fc.stringMatching(/^\d{9}$/))
  .map(([second, rest]) => `1${second}${rest}`);

type Form = (n: string) => string;
const forms: Form[] = [
  (n) => n,
  (n) => `+86${n}`,
  (n) => `86${n}`,
  (n) => `0086${n}`,
  (n) => `+86 ${n}`,
  (n) => `${n.slice(0, 3)} ${n.slice(3, 7)} ${n.slice(7)}`,
  (n) => `${n.slice(0, 3)}-${n.slice(3, 7)}-${n.slice(7)}`,
];

/** Every UTF-8 byte of one character percent-encoded, ASCII too (encodeURIComponent leaves that alone). */
const percent = (c: string) =>
  c.charCodeAt(0) < 0x80 ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}` : encodeURIComponent(c);
type Encoding = (s: string) => string;
const encodings: Encoding[] = [
  (s) => s,
  encodeURIComponent,
  (s) => encodeURIComponent(encodeURIComponent(s)),
  (s) => [...s].map(percent).join(""),
  (s) => [...s].map(percent).join("").replaceAll("%", "%25"),
];

/** Any text, kept apart from the number by something that is not a digit (else it is a longer number). */
const text = fc.string({ unit: "grapheme", maxLength: 30 });
const separator = fc.constantFrom(" ", "=", ":", "：", "tel:", "号码", "\n", "/", "(", ")", '"');

/** What a reader of the log could recover: every percent escape decoded, as often as it takes. */
function readable(text: string): string {
  let out = text;
  for (let i = 0; i < 4; i++) {
    const next = out
      .replace(/%([0-7][0-9A-Fa-f])/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      .replace(/(%[89A-Fa-f][0-9A-Fa-f])+/g, (run) => {
        try {
          return decodeURIComponent(run);
        } catch {
          return run;
        }
      });
    if (next === out) break;
    out = next;
  }
  return out.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
}

function visible(number: string, text: string): boolean {
  const grouped = new RegExp(`${number.slice(0, 3)}[ -]?${number.slice(3, 7)}[ -]?${number.slice(7)}`);
  return grouped.test(readable(text));
}

describe("maskPhone (properties)", () => {
  it("hides every mainland number in any text, in any form and encoding", () => {
    fc.assert(
      fc.property(
        mainland,
        fc.constantFrom(...forms),
        fc.constantFrom(...encodings),
        text,
        separator,
        text,
        separator,
        fc.boolean(),
        (number, form, encode, head, open, tail, close, encodeAll) => {
          const around = (n: string) => head + open + n + close + tail;
          const input = encodeAll ? encode(around(form(number))) : around(encode(form(number)));
          const masked = maskPhone(input);
          expect(visible(number, masked), `${input} → ${masked}`).toBe(false);
          // The first three and last four digits stay readable (138****0000).
          expect(readable(masked)).toMatch(new RegExp(`${number.slice(0, 3)}[ -]?\\*{1,4}`));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("changes nothing in text without digits", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 60 }).filter((s) => !/[\d０-９%]/.test(s)),
        (text) => {
          expect(maskPhone(text)).toBe(text);
        },
      ),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(mainland, fc.constantFrom(...forms), fc.constantFrom(...encodings), (number, form, encode) => {
        const once = maskPhone(encode(`phone=${form(number)}&t=1`));
        expect(maskPhone(once)).toBe(once);
      }),
    );
  });
});
