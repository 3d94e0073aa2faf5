// The demo's brand and service pages: the built-in copy in the demo brand's name, each with a
// picture after its opening paragraph or steps (generated like every demo image).
import { defaultSitePages, type SitePageCopy } from "../default-site-pages.js";
import { IMAGE_SIZES, type MediaRegistry } from "./demo-util.js";

/** slug → [caption, colour] of the page's picture. */
const PICTURES: Record<SitePageCopy["slug"], [string, string]> = {
  about: ["杭州滨江体验馆：设计、主材与定制样板一站看齐", "#8c6e54"],
  stream: ["节点验收：业主、项目经理与质检员三方签字", "#5f6f7e"],
  integrate: ["全屋整装交付效果：硬装、定制与软装一次到位", "#a86f4c"],
  "hard-decoration": ["标准化硬装样板间：水电走向与防水工艺展示", "#7f8c5a"],
  "soft-furnishing": ["全屋软装搭配：窗帘、墙布与饰品整体设计", "#9a8c98"],
};

export function buildDemoPages(brand: string, media: MediaRegistry): SitePageCopy[] {
  return defaultSitePages(brand).map((page) => {
    const [caption, color] = PICTURES[page.slug];
    const src = media.add(`page-${page.slug}.svg`, {
      title: caption.split("：")[0] ?? caption,
      subtitle: `${brand} · ${page.title}`,
      color,
      ...IMAGE_SIZES.articleImage,
    });
    const opening = page.blocks.findIndex((block) => block.kind === "paragraph" || block.kind === "steps");
    const blocks = [...page.blocks];
    blocks.splice(opening + 1, 0, { kind: "image", src, caption });
    return { ...page, blocks };
  });
}
