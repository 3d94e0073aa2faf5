// Small deterministic helpers shared by the demo-data modules: hashing, a seeded PRNG and the media registry.
import { renderBannerScene } from "./banner-scene-svg.js";
import { type Drawing, renderIllustrationSvg } from "./illustration-svg.js";
import { type PlaceholderKind, renderPlaceholderSvg } from "./placeholder-svg.js";

/**
 * A demo picture: a banner's room without words (its text is HTML over it, docs/decisions/0055), a goods
 * or room drawing labelled 示意图 (docs/decisions/0057), else the titled placeholder.
 */
function svgOf(spec: MediaSpec): string {
  if (spec.kind === "banner") return renderBannerScene(spec);
  if (spec.drawing) return renderIllustrationSvg({ ...spec, drawing: spec.drawing });
  return renderPlaceholderSvg(spec);
}

/** FNV-1a: a stable 32-bit hash, so each entity gets its own random stream independent of build order. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: tiny seeded PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Rng {
  next: () => number;
  /** Integer in [min, max]. */
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
}

export function rng(key: string): Rng {
  const next = mulberry32(hash(key));
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error("pick from empty list");
      return item;
    },
  };
}

/** Item at index i modulo the list length (lists here are never empty). */
export function at<T>(items: readonly T[], i: number): T {
  const item = items[((i % items.length) + items.length) % items.length];
  if (item === undefined) throw new Error("at() on empty list");
  return item;
}

/** A fixed instant in UTC+8 (the business's timezone), e.g. day 0 = 2025-05-01. */
export function chinaDate(year: number, month: number, day: number, hour = 10, minute = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour - 8, minute));
}

export const DAY_MS = 86_400_000;

export interface MediaSpec {
  title: string;
  subtitle?: string;
  color: string;
  width: number;
  height: number;
  kind: PlaceholderKind;
  /** What the picture shows, as a drawing (goods, cases, packages); without it, a titled placeholder. */
  drawing?: Drawing;
}

/** Image sizes per use, as served at /media/:key. */
export const IMAGE_SIZES = {
  goods: { width: 800, height: 800, kind: "goods" },
  banner: { width: 1920, height: 482, kind: "banner" },
  cover: { width: 750, height: 420, kind: "article" },
  articleImage: { width: 1200, height: 675, kind: "article" },
  store: { width: 640, height: 400, kind: "store" },
} as const satisfies Record<string, { width: number; height: number; kind: PlaceholderKind }>;

/**
 * Collects every image the demo references. `add` returns the public URL, so a URL can only
 * come from here, which is what guarantees one media row per referenced image and none unused.
 */
export class MediaRegistry {
  private readonly specs = new Map<string, MediaSpec>();

  add(key: string, spec: MediaSpec): string {
    const existing = this.specs.get(key);
    if (existing && existing.title !== spec.title) throw new Error(`media key ${key} registered twice`);
    this.specs.set(key, spec);
    return `/media/${key}`;
  }

  rows(): { key: string; contentType: string; body: string }[] {
    return [...this.specs].map(([key, spec]) => ({
      key,
      contentType: "image/svg+xml",
      body: svgOf(spec),
    }));
  }
}
