// Goods search (issue #27, docs/decisions/0053-goods-search.md): twenty queries a shopper would type
// into /search, and the demo goods each must find. Expected goods are named, not computed by the
// search's own rules, so that a search that misses them fails.
import type { GoodsIndexData, GoodsListItem } from "@yj/contract";
import { describe, expect, it } from "vitest";
import { buildDemoData, type DemoGoods } from "../src/db/seed/demo-data.js";
import { describeEachBackend, type TestContext } from "./helper.js";

const demo = buildDemoData();
const isPublic = (g: DemoGoods) => (g.status ?? 1) === 1 && (g.isShow ?? 1) === 1;
const publicGoods = demo.goods.filter(isPublic);

/** The public goods whose name starts with `prefix` (exactly one, or the test data has changed). */
function named(prefix: string): DemoGoods {
  const found = publicGoods.filter((g) => g.name.startsWith(prefix));
  if (found.length !== 1) throw new Error(`${found.length} public goods named ${prefix}…`);
  return found[0]!;
}
const inCategory3 = (name: string) => {
  const category = demo.categories.find((c) => c.content === name && c.level === 3);
  if (!category) throw new Error(`no category ${name}`);
  return publicGoods.filter((g) => g.category3 === category.id);
};

const TILES = inCategory3("瓷砖");
const SOFAS = inCategory3("沙发");
const TOILETS = [named("智能马桶一体机"), named("分体式马桶")];

/** [query as typed, goods it must find, goods that must come first (the name holds the query)]. */
const QUERIES: [string, DemoGoods[], DemoGoods[]?][] = [
  ["瓷砖", TILES, [named("奶油风柔光大板瓷砖")]],
  ["沙 发", SOFAS],
  ["梳化", SOFAS],
  ["地砖", TILES, [named("岩板大板地砖"), named("仿古砖 600×600 防滑地砖"), named("木纹砖 200×1200")]],
  ["燃气热水器", inCategory3("热水器"), [named("燃气热水器 16L"), named("燃气热水器 13L")]],
  ["马桶", TOILETS],
  ["坐便器", TOILETS],
  ["九牧", [named("智能马桶一体机"), named("浴室柜组合"), named("纳米水槽"), named("手工水槽")]],
  ["ＳＰＣ地板", [named("SPC石塑锁扣地板")]],
  ["木地板", inCategory3("木地板")],
  ["实木沙发", [named("北欧实木沙发")]],
  ["冰箱", inCategory3("冰箱")],
  ["油烟机", [named("侧吸式油烟机燃气灶套装"), named("顶侧双吸 油烟机灶具套装")]],
  ["窗帘", [named("遮光窗帘定制"), named("电动窗帘")]],
  ["墙纸", [named("无缝墙布 刺绣提花"), named("天丝墙布"), named("定制艺术壁画")]],
  ["奶油风沙发", [named("奶油风布艺沙发")], [named("奶油风布艺沙发")]],
  ["空调", inCategory3("空调")],
  ["床垫", inCategory3("床垫")],
  ["岩板餐桌", [named("岩板餐桌 伸缩圆桌")]],
  ["客厅 套餐", inCategory3("客厅套餐")],
];

describe("the search queries", () => {
  it("are twenty, each expecting goods of the demo data", () => {
    expect(QUERIES).toHaveLength(20);
    for (const [query, expected] of QUERIES) expect(expected.length, query).toBeGreaterThan(0);
    expect(TILES.length).toBeGreaterThanOrEqual(5);
  });
});

describeEachBackend("goods search", (ctx: TestContext) => {
  const search = async (name: string, extra = "") => {
    const items: GoodsListItem[] = [];
    for (let current = 1; ; current++) {
      const url = `/api/goods/index?name=${encodeURIComponent(name)}&pageSize=100&current=${current}${extra}`;
      const { status, body } = await ctx.api<GoodsIndexData>(url);
      expect(status, url).toBe(200);
      expect(body.code, body.message).toBe(1);
      items.push(...body.data.dataList);
      if (body.data.dataList.length === 0 || items.length >= body.data.total) return { items, total: body.data.total };
    }
  };

  it.each(QUERIES)("%s finds the goods a shopper expects", async (query, expected, first) => {
    const { items, total } = await search(query);
    const found = items.map((g) => g.id);
    for (const g of expected) expect(found, `${query} → ${g.name}`).toContain(g.id);
    expect(total).toBe(items.length);
    expect(new Set(found).size, "no goods twice").toBe(found.length);
    for (const item of items)
      expect(
        publicGoods.some((g) => g.id === item.id),
        item.name,
      ).toBe(true);
    if (first)
      expect(found.slice(0, first.length).sort(), `${query}: name matches first`).toEqual(
        first.map((g) => g.id).sort(),
      );
  });

  it("ranks the goods whose name holds the query before the others", async () => {
    // 落地灯 and 抱枕套 say 沙发 only in their subtitles.
    const { items } = await search("沙发");
    expect(items.map((g) => g.id)).toEqual(expect.arrayContaining([named("奶油风落地灯").id, named("抱枕套").id]));
    const inName = items.map((g) => g.name.includes("沙发"));
    expect(inName.indexOf(false)).toBeGreaterThan(0);
    expect(inName.lastIndexOf(true)).toBeLessThan(inName.indexOf(false));
  });

  it("keeps an explicit sort over the name rank", async () => {
    const { items } = await search("瓷砖", "&sort=price_asc");
    for (let i = 1; i < items.length; i++) expect(items[i]!.price).toBeGreaterThanOrEqual(items[i - 1]!.price);
  });

  it("ignores spaces, punctuation and full-width forms", async () => {
    const plain = (await search("沙发")).items.map((g) => g.id);
    for (const typed of ["沙　发", " 沙，发！", "沙-发"])
      expect(
        (await search(typed)).items.map((g) => g.id),
        typed,
      ).toEqual(plain);
    const spc = (await search("spc")).items.map((g) => g.id);
    expect(spc).toContain(named("SPC石塑锁扣地板").id);
    expect((await search("ＳＰＣ")).items.map((g) => g.id)).toEqual(spc);
  });

  it("answers an empty page for goods the shop does not sell", async () => {
    expect((await search("挖掘机")).total).toBe(0);
  });
});
