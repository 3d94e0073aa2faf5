import { describe, expect, it } from "vitest";
import { buildDemoData } from "./demo-data.js";
import { CATEGORY_DRAWINGS, ROOM_DRAWINGS } from "./demo-drawings.js";
import { renderIllustrationSvg } from "./illustration-svg.js";
import { wrap } from "./placeholder-svg.js";

const data = buildDemoData();
const body = new Map(data.media.map((m) => [`/media/${m.key}`, m.body]));
const level3 = data.categories.filter((c) => c.level === 3);
const plain = data.goods.filter((g) => !g.isPackage);
const packages = data.goods.filter((g) => g.isPackage);
const cases = data.articles.filter((a) => a.type === 2);

/** The drawn part of a picture: what is left once title, caption and colours are set aside. */
function drawingOf(svg: string | undefined): string | undefined {
  const m = /<g class="drawing"[^>]*>(.*?)<\/g><rect y=/.exec(svg ?? "");
  return m?.[1]
    ?.replace(/#[0-9a-f]{6}/g, "") // the same drawing in another category colour is still the same
    .replace(/translate\([^)]*\) scale\([^)]*\)/g, "");
}

describe("demo pictures", () => {
  it("draws the goods of every level-3 category with that category's own drawing", () => {
    const drawingByCategory = new Map<number, string>();
    for (const c of level3) {
      for (const g of plain.filter((g) => g.category3 === c.id)) {
        const drawing = drawingOf(body.get(g.images?.[0] ?? ""));
        expect(drawing, `${c.content}: ${g.name}`).toBeTruthy();
        const seen = drawingByCategory.get(c.id);
        if (seen) expect(drawing, `${g.name} draws like the rest of ${c.content}`).toBe(seen);
        else drawingByCategory.set(c.id, drawing ?? "");
      }
    }
    expect(drawingByCategory.size).toBeGreaterThanOrEqual(35);
    // No two categories share a drawing: the sofa is drawn for 沙发 only.
    expect(new Set(drawingByCategory.values()).size).toBe(drawingByCategory.size);
  });

  it("draws a tile pattern for 瓷砖, a tap for 水槽龙头 and a cabinet elevation for 整体橱柜", () => {
    const first = (name: string) => {
      const id = level3.find((c) => c.content === name)?.id;
      return body.get(plain.find((g) => g.category3 === id)?.images?.[0] ?? "") ?? "";
    };
    expect(first("瓷砖")).toMatch(/<pattern id="tile"/);
    expect(first("木地板")).not.toMatch(/<pattern/);
    expect(first("水槽龙头")).toContain(CATEGORY_DRAWINGS.水槽龙头?.slice(0, 60));
    expect(first("整体橱柜")).toContain(CATEGORY_DRAWINGS.整体橱柜?.slice(0, 60));
    expect(first("冰箱")).not.toContain(CATEGORY_DRAWINGS.沙发?.slice(0, 60));
  });

  it("shows a room scene on every case picture and package picture", () => {
    const rooms = Object.values(ROOM_DRAWINGS);
    const urls = [
      ...packages.flatMap((p) => p.images ?? []),
      ...cases.flatMap((a) => [
        a.cover,
        ...(a.content as { kind: string; src?: string }[]).flatMap((b) => (b.kind === "image" ? [b.src] : [])),
      ]),
    ];
    expect(urls.length).toBeGreaterThan(40);
    for (const url of urls) {
      // The tinted areas (class "t" in the drawings) come out filled with the category's tint.
      const svg = (body.get(url ?? "") ?? "").replace(/fill="#[0-9a-f]{6}"/g, 'class="t"');
      expect(
        rooms.some((room) => svg.includes(room)),
        `${url} shows a room`,
      ).toBe(true);
    }
  });

  it("labels every drawing 示意图 and never calls one 实景", () => {
    const drawn = data.media.filter((m) => m.body.includes('class="drawing"'));
    expect(drawn.length).toBeGreaterThan(300);
    for (const m of drawn) expect(m.body, m.key).toContain(">示意图</text>");
    for (const m of data.media) expect(m.body, m.key).not.toMatch(/实景|实拍/);
  });

  it("keeps a title with markup escaped and its drawing self-contained", () => {
    const svg = renderIllustrationSvg({
      title: `沙发 <b>"特价"</b> & 'new'`,
      color: "#8a6f5a",
      width: 800,
      height: 800,
      drawing: { category: "沙发", view: "scene" },
    });
    expect(svg).toContain("&lt;b&gt;&quot;特价&quot;&lt;/b&gt;");
    expect(svg).not.toMatch(/<script|href="http|xlink:href/);
  });
});

describe("caption wrapping", () => {
  const NUMBER = /\d+(?:[.,:×~\-–/]\d+)*(?:元\/㎡|㎡|万|cm|mm|L)?/g;
  const titles = [
    ...data.goods.map((g) => g.name),
    ...data.articles.map((a) => a.title),
    "标准化硬装套餐 699元/㎡ 含主材辅材施工",
    "奶油风柔光大板瓷砖750×1500通体大理石纹",
    "杭州·余杭143㎡新中式四居全包46万元起",
  ];

  it("never splits a number (with its unit) across lines, at any width", () => {
    let wrapped = 0;
    for (const title of titles) {
      for (let maxEm = 3; maxEm <= 16; maxEm += 0.5) {
        const lines = wrap(title, maxEm, 20);
        if (lines.length > 1) wrapped++;
        for (const number of title.match(NUMBER) ?? []) {
          expect(
            lines.some((line) => line.includes(number)),
            `${title} at ${maxEm}em: ${lines.join(" | ")}`,
          ).toBe(true);
        }
      }
    }
    expect(wrapped).toBeGreaterThan(1000); // the rule was really exercised
  });
});
