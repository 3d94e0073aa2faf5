// A shopper's search text as the conditions of the goods search (docs/decisions/0053-goods-search.md):
// folded like the searched text (full-width letters and digits to ASCII, lower case, spaces and
// punctuation dropped), cut into words by jieba, and each word widened by its synonyms.
import { createRequire } from "node:module";
import type { Jieba } from "@node-rs/jieba";
import { SEARCH_SYNONYMS } from "./search-synonyms.js";

// Full-width letters and digits (U+FF10–FF19, FF21–FF3A, FF41–FF5A) and their ASCII forms.
const FULL_WIDTH = String.fromCharCode(
  ...[0xff10, 0xff21, 0xff41].flatMap((start, i) => Array.from({ length: i === 0 ? 10 : 26 }, (_, k) => start + k)),
);
const HALF_WIDTH = [...FULL_WIDTH].map((ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0)).join("");

/**
 * Characters a search ignores on both sides: spaces, ASCII and CJK punctuation and their full-width
 * forms, and the signs of sizes (750×1500). The search text joins its fields with a newline, which
 * is not here, so that a query never matches across two fields.
 */
export const IGNORED_CHARACTERS =
  " \t\u3000!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~" +
  "×·—–…、，。；：？！“”‘’（）【】《》〈〉「」『』〔〕～￥" +
  String.fromCharCode(
    ...[
      [0xff01, 0xff0f],
      [0xff1a, 0xff20],
      [0xff3b, 0xff40],
      [0xff5b, 0xff5e],
    ].flatMap(([from, to]) => Array.from({ length: to! - from! + 1 }, (_, k) => from! + k)),
  );

const IGNORED = new Set(IGNORED_CHARACTERS);
const HALF_OF = new Map([...FULL_WIDTH].map((ch, i) => [ch, HALF_WIDTH[i]!]));

/** The SQL that folds a text expression the same way `foldSearchText` folds a query. */
export function foldSql(expression: string): string {
  const quoted = (s: string) => `'${s.replaceAll("'", "''")}'`;
  return `lower(translate(${expression}, ${quoted(FULL_WIDTH + IGNORED_CHARACTERS)}, ${quoted(HALF_WIDTH)}))`;
}

/** A query folded: full-width letters and digits as ASCII, lower case, no spaces or punctuation. */
export function foldSearchText(text: string): string {
  let folded = "";
  for (const ch of text) {
    if (IGNORED.has(ch) || /\s/u.test(ch)) continue;
    folded += HALF_OF.get(ch) ?? ch;
  }
  return folded.toLowerCase();
}

const synonymsOf = new Map<string, readonly string[]>();
for (const group of SEARCH_SYNONYMS) for (const word of group) synonymsOf.set(word, group);

// Words that only join others (北欧的沙发, 沙发和茶几): a query need not find them.
const JOINING_WORDS = new Set(["的", "和", "与", "及", "或", "跟", "带"]);

// The dictionary takes about a second to load: once, on the first search, not at start.
let jieba: Jieba | undefined;
function segmenter(): Jieba {
  if (!jieba) {
    const require = createRequire(import.meta.url);
    const { Jieba } = require("@node-rs/jieba") as typeof import("@node-rs/jieba");
    const { dict } = require("@node-rs/jieba/dict") as { dict: Buffer };
    // Synonyms are words too (梳化 would otherwise be cut into 梳 and 化).
    const extra = [...synonymsOf.keys()].map((word) => `${word} 100000 n`).join("\n");
    jieba = Jieba.withDict(Buffer.concat([dict, Buffer.from(`\n${extra}\n`)]));
  }
  return jieba;
}

/** Escapes a word for a PostgreSQL regular expression: a backslash before anything not a letter or digit. */
const regexLiteral = (word: string) => word.replace(/[^\p{L}\p{N}]/gu, "\\$&");
const anyOf = (words: readonly string[]) => [...new Set(words)].map(regexLiteral).join("|");

export interface SearchTerms {
  /** One regular expression per word of the query: a goods must match every one (any synonym of the word). */
  words: string[];
  /** The whole query as typed (folded), as a regular expression: the goods whose name holds it rank first. */
  phrase: string;
}

/** The conditions of a search, or undefined when the query holds nothing to search for. */
export function searchTerms(query: string): SearchTerms | undefined {
  const folded = foldSearchText(query);
  if (!folded) return undefined;
  const whole = synonymsOf.get(folded);
  const phrase = anyOf([folded]);
  if (whole) return { words: [anyOf(whole)], phrase };
  let cut = segmenter().cut(folded, false);
  const meaningful = cut.filter((word) => !JOINING_WORDS.has(word));
  if (meaningful.length > 0) cut = meaningful;
  return { words: [...new Set(cut)].map((word) => anyOf(synonymsOf.get(word) ?? [word])), phrase };
}
