// Brand and service pages (docs/product.md §1 content pages, §2 /about, /stream, /integrate, /heartPage,
// /2-2, /2-22): copy the company edits, kept in the database as ordered blocks and rendered without raw
// HTML, like articles' blocks (docs/decisions/0028-brand-pages-in-the-database.md).
import { z } from "zod";
import { text } from "./text.js";

/** The page slugs the storefront routes show (several routes may share one page). */
export const SITE_PAGE_SLUGS = ["about", "stream", "integrate", "hard-decoration", "soft-furnishing"] as const;
export type SitePageSlug = (typeof SITE_PAGE_SLUGS)[number];

export const SitePageQuery = z.object({
  slug: text("页面标识").regex(/^[a-z0-9-]{1,40}$/, { error: "页面标识只能包含小写字母、数字和连字符" }),
});
export type SitePageQuery = z.input<typeof SitePageQuery>;

/** A titled point: a step of a process, a feature, a promise. */
export const SitePagePoint = z.object({ title: z.string(), text: z.string() });
export type SitePagePoint = z.infer<typeof SitePagePoint>;

export const SitePageBlock = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("heading"), text: z.string() }),
  z.object({ kind: z.literal("paragraph"), text: z.string() }),
  z.object({ kind: z.literal("image"), src: z.string(), caption: z.string() }),
  /** Numbered steps, in order (the service process). */
  z.object({ kind: z.literal("steps"), items: z.array(SitePagePoint) }),
  /** Features side by side. */
  z.object({ kind: z.literal("features"), items: z.array(SitePagePoint) }),
  /** Key figures (value and label), e.g. 136 城 覆盖城市. */
  z.object({ kind: z.literal("figures"), items: z.array(z.object({ value: z.string(), label: z.string() })) }),
  /** A plain list; tone says whether it lists what is included, excluded or neither. */
  z.object({
    kind: z.literal("list"),
    title: z.string(),
    tone: z.enum(["included", "excluded", "plain"]),
    items: z.array(z.string()),
  }),
  /**
   * A link to another screen of the shop (a path on this site, never an outside address). Saving
   * checks it (AdminSitePageBlock); the storefront checks it again on rendering (sameSitePath), since
   * a value stored before that check may not be one.
   */
  z.object({ kind: z.literal("link"), text: z.string(), to: z.string() }),
]);
export type SitePageBlock = z.infer<typeof SitePageBlock>;

export const SitePage = z.object({
  slug: z.string(),
  title: z.string(),
  /** The page's meta description and lead paragraph. */
  description: z.string(),
  blocks: z.array(SitePageBlock),
  updatedAt: z.string(),
});
export type SitePage = z.infer<typeof SitePage>;
