// Catalogue API (docs/product.md §3, §7, §9): the category tree, the goods index with its filters, paging, search
// and sorts, goods detail and package detail. Every expected value is computed from buildDemoData().
import {
  ErrorCode,
  type GoodsCategory,
  type GoodsDetail,
  type GoodsIndexData,
  GoodsListItem,
  type PackageDetail,
} from "@yj/contract";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { goods } from "../src/db/schema.js";
import { buildDemoData, type DemoGoods } from "../src/db/seed/demo-data.js";
import { describeEachBackend, type TestContext } from "./helper.js";
import { CJK } from "./junk.js";

const demo = buildDemoData();

// ---- expectations from the demo data -------------------------------------------------------------

const statusOf = (g: DemoGoods) => g.status ?? 1;
const isShowOf = (g: DemoGoods) => g.isShow ?? 1;
const isPublic = (g: DemoGoods) => statusOf(g) === 1 && isShowOf(g) === 1;
const tagIdsOf = (g: DemoGoods) => g.tagIds ?? [];

/** The index's default order: sort, then id. */
const byDefault = (a: DemoGoods, b: DemoGoods) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id;
const publicGoods = demo.goods.filter(isPublic).sort(byDefault);
const hiddenGoods = demo.goods.filter((g) => isShowOf(g) === 0);
const offSaleGoods = demo.goods.filter((g) => statusOf(g) === 0 && isShowOf(g) === 1);
const ids = (list: { id: number }[]) => list.map((g) => g.id);

const categoryById = new Map(demo.categories.map((c) => [c.id, c]));
const byCategoryOrder = (a: { sort?: number; id: number }, b: { sort?: number; id: number }) =>
  (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id;
const childrenOf = (parentId: number | null) =>
  demo.categories.filter((c) => (c.parentId ?? null) === parentId).sort(byCategoryOrder);
const levelOf = (level: number) => demo.categories.filter((c) => c.level === level);

interface IdTree {
  id: number;
  sub: IdTree[];
}
const expectedTree = (parentId: number | null): IdTree[] =>
  childrenOf(parentId).map((c) => ({ id: c.id, sub: expectedTree(c.id) }));
const idTree = (nodes: GoodsCategory[]): IdTree[] => nodes.map((c) => ({ id: c.id, sub: idTree(c.subCategories) }));

/** Two consecutive CJK characters from a public name that match some, but not all, public goods. */
function chineseFragment(): { fragment: string; matches: DemoGoods[] } {
  for (const g of publicGoods) {
    for (let i = 1; i + 2 <= g.name.length; i++) {
      const fragment = g.name.slice(i, i + 2);
      if (![...fragment].every((ch) => CJK.test(ch))) continue;
      const matches = publicGoods.filter((p) => p.name.includes(fragment));
      if (matches.length >= 2 && matches.length <= 30) return { fragment, matches };
    }
  }
  throw new Error("no usable Chinese fragment in the demo data");
}

/** Two characters of one public name, `gap` apart, so `a<wildcard>b` would match if the wildcard worked. */
function wildcardProbe(wildcard: "%" | "_"): { query: string; unescapedMatches: number; literalMatches: number } {
  const gap = wildcard === "%" ? 3 : 2;
  for (const g of publicGoods) {
    const chars = [...g.name];
    for (let i = 0; i + gap < chars.length; i++) {
      const a = chars[i];
      const b = chars[i + gap];
      if (!a || !b || !CJK.test(a) || !CJK.test(b)) continue;
      const query = `${a}${wildcard}${b}`;
      const pattern = new RegExp(`${a}${wildcard === "%" ? ".*" : "."}${b}`);
      return {
        query,
        unescapedMatches: publicGoods.filter((p) => pattern.test(p.name)).length,
        literalMatches: publicGoods.filter((p) => p.name.toLowerCase().includes(query.toLowerCase())).length,
      };
    }
  }
  throw new Error("no usable name for the wildcard probe");
}

function expectListItem(item: GoodsListItem, g: DemoGoods) {
  expect(item).toMatchObject({
    id: g.id,
    name: g.name,
    price: g.priceCents,
    originalPrice: g.originalPriceCents,
    category1: g.category1,
    category2: g.category2,
    category3: g.category3 ?? null,
    isPackage: g.isPackage ?? false,
    sales: g.sales ?? 0,
    cover: g.images?.[0] ?? "",
  });
  expect([...item.tagIds].sort((a, b) => a - b)).toEqual([...tagIdsOf(g)].sort((a, b) => a - b));
}

// ---- tests ---------------------------------------------------------------------------------------

describe("catalogue demo data", () => {
  it("has what the catalogue tests rely on", () => {
    expect(publicGoods.length).toBeGreaterThan(24);
    expect(hiddenGoods.length).toBeGreaterThan(0);
    expect(offSaleGoods.length).toBeGreaterThan(0);
    expect(demo.goods.some((g) => g.isPackage && isPublic(g))).toBe(true);
    expect(demo.goodsTags.length).toBeGreaterThan(0);
  });
});

describeEachBackend("catalogue API", (ctx: TestContext) => {
  const index = async (query = "") => {
    const { status, body } = await ctx.api<GoodsIndexData>(`/api/goods/index?isShow=1${query ? `&${query}` : ""}`);
    expect(status).toBe(200);
    expect(body.code, body.message).toBe(1);
    return body.data;
  };

  /** Every page of a query, pageSize 100. */
  const allPages = async (query = "") => {
    const items: GoodsListItem[] = [];
    for (let current = 1; ; current++) {
      const page = await index(`${query}&pageSize=100&current=${current}`);
      items.push(...page.dataList);
      if (page.dataList.length === 0 || items.length >= page.total) return { items, total: page.total };
      if (current > 100) throw new Error("runaway paging");
    }
  };

  describe("GET /api/goodsCategories/list", () => {
    it("answers the whole tree in display order", async () => {
      const { body } = await ctx.api<GoodsCategory[]>("/api/goodsCategories/list");
      expect(body.code).toBe(1);
      expect(idTree(body.data)).toEqual(expectedTree(null));
    });

    it("puts the menu's level-2 categories 3,4,5,6,7,8,9,49,50 under their parents", async () => {
      const { body } = await ctx.api<GoodsCategory[]>("/api/goodsCategories/list");
      const level2 = new Map(body.data.flatMap((root) => root.subCategories.map((c) => [c.id, { c, root }] as const)));
      for (const id of [3, 4, 5, 6, 7, 8, 9, 49, 50]) {
        const hit = level2.get(id);
        const expected = categoryById.get(id);
        expect(hit, `category ${id}`).toBeDefined();
        expect(expected, `category ${id} in demo data`).toBeDefined();
        expect(hit?.root.id, `parent of ${id}`).toBe(expected?.parentId);
        expect(hit?.c).toMatchObject({ content: expected?.content, parentId: expected?.parentId, level: 2 });
        expect(hit?.c.subCategories.map((s) => s.id)).toEqual(childrenOf(id).map((s) => s.id));
        expect(hit?.c.subCategories.length).toBeGreaterThan(0);
      }
    });

    it("gives every node its fields and an array of subCategories", async () => {
      const { body } = await ctx.api<GoodsCategory[]>("/api/goodsCategories/list");
      const walk = (nodes: GoodsCategory[], parentId: number | null, level: number): number =>
        nodes.reduce((n, c) => {
          const d = categoryById.get(c.id);
          expect(c).toMatchObject({ content: d?.content, parentId, level, color: d?.color });
          expect(Array.isArray(c.subCategories)).toBe(true);
          return n + 1 + walk(c.subCategories, c.id, level + 1);
        }, 0);
      expect(walk(body.data, null, 1)).toBe(demo.categories.length);
    });
  });

  describe("GET /api/goods/index", () => {
    it("answers the first page of public goods by default: pageSize 12, current 1", async () => {
      const data = await index("status=1");
      expect(data.current).toBe(1);
      expect(data.pageSize).toBe(12);
      expect(data.total).toBe(publicGoods.length);
      expect(ids(data.dataList)).toEqual(ids(publicGoods.slice(0, 12)));
      data.dataList.forEach((item, i) => {
        expectListItem(item, publicGoods[i]!);
      });
      // Without the product rules' isShow=1 the answer is the same: only public goods exist for the index.
      const { body } = await ctx.api<GoodsIndexData>("/api/goods/index");
      expect(body.data.total).toBe(publicGoods.length);
    });

    it("pages: page 2 differs from page 1, and all pages together are the public set once each", async () => {
      const p1 = await index("current=1");
      const p2 = await index("current=2");
      expect(ids(p2.dataList)).toEqual(ids(publicGoods.slice(12, 24)));
      expect(ids(p2.dataList).some((id) => ids(p1.dataList).includes(id))).toBe(false);

      const seen: number[] = [];
      const pages = Math.ceil(publicGoods.length / 12);
      for (let current = 1; current <= pages; current++) {
        const page = await index(`current=${current}`);
        expect(page.total).toBe(publicGoods.length);
        expect(page.dataList.length).toBe(current < pages ? 12 : publicGoods.length - 12 * (pages - 1));
        seen.push(...ids(page.dataList));
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort((a, b) => a - b)).toEqual(ids(publicGoods).sort((a, b) => a - b));
      // Past the end: an empty page, the total still right.
      const past = await index(`current=${pages + 1}`);
      expect(past.dataList).toEqual([]);
      expect(past.total).toBe(publicGoods.length);
    });

    it("filters by category1, category2 and category3", async () => {
      for (const [param, level] of [
        ["category1", 1],
        ["category2", 2],
        ["category3", 3],
      ] as const) {
        for (const c of levelOf(level)) {
          const expected = publicGoods.filter((g) => (g[param] ?? null) === c.id);
          const data = await index(`${param}=${c.id}&pageSize=100`);
          expect(data.total, `${param}=${c.id}`).toBe(expected.length);
          expect(ids(data.dataList), `${param}=${c.id}`).toEqual(ids(expected.slice(0, 100)));
        }
      }
    });

    it("counts the public goods of category 4 the way the data says", async () => {
      const expected = publicGoods.filter((g) => g.category2 === 4);
      expect(expected.length).toBeGreaterThan(0);
      const { items, total } = await allPages("category2=4");
      expect(total).toBe(expected.length);
      expect(ids(items)).toEqual(ids(expected));
      for (const item of items) expect(item.category2).toBe(4);
    });

    it("combines filters", async () => {
      const tag = demo.goodsTags[0]!;
      const expected = publicGoods.filter((g) => g.category1 === 10 && tagIdsOf(g).includes(tag.id));
      const data = await index(`category1=10&tagId=${tag.id}&pageSize=100`);
      expect(data.total).toBe(expected.length);
      expect(ids(data.dataList)).toEqual(ids(expected.slice(0, 100)));
    });

    it("filters by tagId", async () => {
      for (const tag of demo.goodsTags) {
        const expected = publicGoods.filter((g) => tagIdsOf(g).includes(tag.id));
        const data = await index(`tagId=${tag.id}&pageSize=100`);
        expect(data.total, `tag ${tag.id}`).toBe(expected.length);
        expect(ids(data.dataList), `tag ${tag.id}`).toEqual(ids(expected.slice(0, 100)));
      }
      const unknownTag = Math.max(...demo.goodsTags.map((t) => t.id)) + 1000;
      expect((await index(`tagId=${unknownTag}`)).total).toBe(0);
    });

    it("filters by tagIds, goods carrying any of them (product search info, docs/product.md §3)", async () => {
      const [first, second] = demo.goodsTags;
      const anyOf = (tagIds: number[]) => publicGoods.filter((g) => tagIdsOf(g).some((t) => tagIds.includes(t)));
      for (const tagIds of [[first!.id], [first!.id, second!.id]]) {
        const expected = anyOf(tagIds);
        const { items, total } = await allPages(`tagIds=${tagIds.join(",")}`);
        expect(total, tagIds.join(",")).toBe(expected.length);
        expect(ids(items), tagIds.join(",")).toEqual(ids(expected));
      }
      // Both ways: one tag as tagId narrows a tagIds union, with a category on top.
      const both = anyOf([first!.id, second!.id]).filter((g) => g.category1 === 10 && tagIdsOf(g).includes(second!.id));
      const data = await index(`category1=10&tagId=${second!.id}&tagIds=${first!.id},${second!.id}&pageSize=100`);
      expect(ids(data.dataList)).toEqual(ids(both));
      expect((await index("tagIds=")).total).toBe(publicGoods.length);
    });

    it("refuses malformed tagIds with a Chinese message", async () => {
      for (const q of ["tagIds=1,,2", "tagIds=a", "tagIds=1;2", `tagIds=${"1,".repeat(120)}1`]) {
        const { body } = await ctx.api(`/api/goods/index?${q}`);
        expect(body, q).toMatchObject({ code: 0, data: null, errorCode: ErrorCode.INVALID_INPUT });
        expect(body.message, q).toMatch(/标签/);
      }
    });

    it("finds goods by a Chinese substring of the name", async () => {
      const { fragment, matches } = chineseFragment();
      const { items, total } = await allPages(`name=${encodeURIComponent(fragment)}`);
      expect(total).toBe(matches.length);
      expect(ids(items)).toEqual(ids(matches));
      for (const item of items) expect(item.name).toContain(fragment);
      // Surrounding spaces are trimmed.
      expect((await index(`name=${encodeURIComponent(` ${fragment} `)}`)).total).toBe(matches.length);
    });

    it("finds a goods by its full name", async () => {
      const target = publicGoods[publicGoods.length - 1]!;
      const data = await index(`name=${encodeURIComponent(target.name.slice(0, 50))}`);
      expect(ids(data.dataList)).toContain(target.id);
    });

    it("treats LIKE and regular-expression signs as punctuation, which a search ignores (ADR 0053)", async () => {
      for (const wildcard of ["%", "_", ".*", "\\"] as const) {
        const probe = wildcardProbe("%");
        const joined = probe.query.replace("%", "");
        const expected = (await index(`name=${encodeURIComponent(joined)}`)).total;
        expect(expected).toBeGreaterThan(0);
        const query = probe.query.replace("%", wildcard);
        expect((await index(`name=${encodeURIComponent(query)}`)).total, query).toBe(expected);
        // A query of signs alone searches nothing: every public goods, like an empty query.
        expect((await index(`name=${encodeURIComponent(wildcard)}`)).total, wildcard).toBe(publicGoods.length);
      }
    });

    it("never lists hidden (isShow 0) or off-sale (status 0) goods", async () => {
      const { items, total } = await allPages();
      expect(total).toBe(publicGoods.length);
      const listed = new Set(ids(items));
      for (const g of [...hiddenGoods, ...offSaleGoods]) {
        expect(listed.has(g.id), g.name).toBe(false);
        const byName = await index(`name=${encodeURIComponent(g.name.slice(0, 50))}&pageSize=100`);
        expect(ids(byName.dataList), g.name).not.toContain(g.id);
        const byCategory = await allPages(`category2=${g.category2}`);
        expect(ids(byCategory.items), g.name).not.toContain(g.id);
      }
      // The product rules' status and isShow parameters cannot widen the set.
      for (const q of ["status=0", "isShow=0", "status=", "isShow=2"]) {
        const { body } = await ctx.api<GoodsIndexData>(`/api/goods/index?${q}`);
        if (body.code === 1) expect(body.data.total, q).toBe(publicGoods.length);
        else expect(body.message, q).toMatch(CJK);
      }
    });

    it("sorts by price ascending and descending, sales and newest", async () => {
      const orders = {
        price_asc: (a: DemoGoods, b: DemoGoods) => a.priceCents - b.priceCents || a.id - b.id,
        price_desc: (a: DemoGoods, b: DemoGoods) => b.priceCents - a.priceCents || a.id - b.id,
        sales: (a: DemoGoods, b: DemoGoods) => (b.sales ?? 0) - (a.sales ?? 0) || a.id - b.id,
        new: (a: DemoGoods, b: DemoGoods) =>
          (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0) || b.id - a.id,
      } as const;
      for (const [sort, compare] of Object.entries(orders)) {
        const { items } = await allPages(`sort=${sort}`);
        expect(ids(items), sort).toEqual(ids([...publicGoods].sort(compare)));
      }
      const { items: asc } = await allPages("sort=price_asc");
      for (let i = 1; i < asc.length; i++) expect(asc[i]!.price).toBeGreaterThanOrEqual(asc[i - 1]!.price);
      const { items: sales } = await allPages("sort=sales");
      for (let i = 1; i < sales.length; i++) expect(sales[i]!.sales).toBeLessThanOrEqual(sales[i - 1]!.sales);
      // Within a category too.
      const inCategory = await index("category2=4&sort=price_asc&pageSize=100");
      expect(ids(inCategory.dataList)).toEqual(
        ids(publicGoods.filter((g) => g.category2 === 4).sort(orders.price_asc)).slice(0, 100),
      );
    });

    it("refuses an unknown sort with a Chinese message", async () => {
      const { body } = await ctx.api("/api/goods/index?sort=rand()");
      expect(body).toMatchObject({ code: 0, errorCode: 1001, data: null });
      expect(body.message).toMatch(CJK);
    });

    it("answers an empty page (code 1) for a name that matches nothing", async () => {
      const name = "绝对不存在的商品名称";
      expect(publicGoods.some((g) => g.name.includes(name))).toBe(false);
      const { body } = await ctx.api<GoodsIndexData>(`/api/goods/index?isShow=1&name=${encodeURIComponent(name)}`);
      expect(body.code).toBe(1);
      expect(body.data.dataList).toEqual([]);
      expect(body.data.total).toBe(0);
    });

    it("caps pageSize at 100", async () => {
      for (const pageSize of [101, 1000, 99999999]) {
        const data = await index(`pageSize=${pageSize}`);
        expect(data.pageSize).toBe(100);
        expect(data.dataList.length).toBe(Math.min(100, publicGoods.length));
      }
      const small = await index("pageSize=0");
      expect(small.pageSize).toBe(1);
      expect(small.dataList.length).toBe(1);
    });

    it("counts current below 1 as 1", async () => {
      for (const current of ["0", "-1", "-99999"]) {
        const data = await index(`current=${current}`);
        expect(data.current, current).toBe(1);
        expect(ids(data.dataList), current).toEqual(ids(publicGoods.slice(0, 12)));
      }
    });

    it("refuses non-numeric ids and paging with a Chinese message", async () => {
      for (const q of ["category2=abc", "current=abc", "pageSize=abc", "tagId=-3"]) {
        const { body } = await ctx.api(`/api/goods/index?${q}`);
        expect(body.code, q).toBe(0);
        expect(body.errorCode, q).toBe(1001);
        expect(body.message, q).toMatch(CJK);
      }
    });

    it("answers goodsCategoryDOS: the children of the category asked for", async () => {
      const roots = await index();
      expect(ids(roots.goodsCategoryDOS)).toEqual(ids(childrenOf(null)));
      for (const c of levelOf(2)) {
        const data = await index(`category2=${c.id}`);
        expect(ids(data.goodsCategoryDOS), `category2=${c.id}`).toEqual(ids(childrenOf(c.id)));
        for (const sub of data.goodsCategoryDOS) expect(sub.parentId).toBe(c.id);
      }
      for (const c of levelOf(1)) {
        const data = await index(`category1=${c.id}`);
        expect(ids(data.goodsCategoryDOS), `category1=${c.id}`).toEqual(ids(childrenOf(c.id)));
      }
      // category2 wins over category1; category3 lists its siblings.
      const leaf = levelOf(3)[0]!;
      const parent = categoryById.get(leaf.parentId!)!;
      expect(ids((await index(`category1=${parent.parentId}&category2=${parent.id}`)).goodsCategoryDOS)).toEqual(
        ids(childrenOf(parent.id)),
      );
      expect(ids((await index(`category3=${leaf.id}`)).goodsCategoryDOS)).toEqual(ids(childrenOf(parent.id)));
      expect((await index("category2=999999")).goodsCategoryDOS).toEqual([]);
    });

    // The page's items are JSON made by the database (ADR 0010); the detail is built by the query
    // builder and the contract serializer. Both must say the same of every goods.
    it("lists each goods exactly as the contract's GoodsListItem, equal to its detail's fields", async () => {
      const keys = Object.keys(GoodsListItem.shape);
      const { items } = await allPages();
      expect(items.length).toBe(publicGoods.length);
      for (const item of items) {
        expect(Object.keys(item), `goods ${item.id}`).toEqual(keys);
        expect(GoodsListItem.strict().safeParse(item).success, `goods ${item.id}`).toBe(true);
        const { body } = await ctx.api<GoodsDetail>(`/api/goods/mail/show?id=${item.id}`);
        const fromDetail = Object.fromEntries(keys.map((k) => [k, body.data[k as keyof GoodsDetail]]));
        expect(item, `goods ${item.id}`).toEqual(fromDetail);
      }
    });

    it("lists text with quotes, backslashes, line breaks, control characters and emoji as it was saved", async () => {
      const name = '测试 "引号" \\反斜杠\\ 换行\n制表\t\u0001 🛋️ </script>';
      const [row] = await ctx.database.db
        .insert(goods)
        .values({
          name,
          subtitle: '\\"',
          brand: "品牌\u2028",
          category1: 10,
          category2: 4,
          priceCents: 1,
          originalPriceCents: 2,
        })
        .returning({ id: goods.id });
      try {
        const data = await index(`category2=4&pageSize=100`);
        const item = data.dataList.find((g) => g.id === row!.id);
        expect(item).toMatchObject({ name, subtitle: '\\"', brand: "品牌\u2028", price: 1, originalPrice: 2 });
        expect(item?.tagIds).toEqual([]);
        expect(item?.cover).toBe("");
      } finally {
        await ctx.database.db.delete(goods).where(eq(goods.id, row!.id));
      }
    });

    // A page is the goods' list_item texts joined (ADR 0011); PostgreSQL keeps each one with its row.
    it("lists a goods as it is now after its row changes", async () => {
      const target = publicGoods.find((g) => g.category2 === 4)!;
      const [before] = await ctx.database.db.select().from(goods).where(eq(goods.id, target.id));
      const change = { name: "改名后的沙发", priceCents: 123_456, sales: 9_999, images: [], tagIds: [7, 8] };
      await ctx.database.db.update(goods).set(change).where(eq(goods.id, target.id));
      try {
        const item = (await index("category2=4&pageSize=100")).dataList.find((g) => g.id === target.id);
        expect(item).toMatchObject({ name: change.name, price: 123_456, sales: 9_999, cover: "", tagIds: [7, 8] });
      } finally {
        const { id, listItem, ...restore } = before!;
        await ctx.database.db.update(goods).set(restore).where(eq(goods.id, id));
      }
      const item = (await index("category2=4&pageSize=100")).dataList.find((g) => g.id === target.id);
      expect(item?.name).toBe(target.name);
    });
  });

  describe("GET /api/goods/mail/show", () => {
    const target =
      publicGoods.find((g) => !g.isPackage && g.skus.length > 1 && g.category3 && tagIdsOf(g).length > 0) ??
      publicGoods.find((g) => !g.isPackage)!;

    it("answers the detail with skus, images, params, tags and categoryPath", async () => {
      const { body } = await ctx.api<GoodsDetail>(`/api/goods/mail/show?id=${target.id}`);
      expect(body.code).toBe(1);
      const d = body.data;
      expectListItem(d, target);
      expect(d.status).toBe(1);
      expect(d.images).toEqual(target.images ?? []);
      expect(d.params).toEqual(target.params ?? []);
      expect(d.description).toBe(target.description ?? "");
      const skus = target.skus
        .map((s, i) => ({ ...s, order: s.sort ?? i, i }))
        .sort((a, b) => a.order - b.order || a.i - b.i);
      expect(d.skus.map(({ spec, price, stock }) => ({ spec, price, stock }))).toEqual(
        skus.map((s) => ({ spec: s.spec, price: s.priceCents, stock: s.stock })),
      );
      expect(new Set(d.skus.map((s) => s.id)).size).toBe(d.skus.length);
      expect([...d.tags].sort((a, b) => a.id - b.id)).toEqual(
        demo.goodsTags
          .filter((t) => tagIdsOf(target).includes(t.id))
          .map((t) => ({ id: t.id, name: t.name }))
          .sort((a, b) => a.id - b.id),
      );
      expect(d.categoryPath).toEqual(
        [target.category1, target.category2, target.category3]
          .filter((id): id is number => id != null)
          .map((id) => ({ id, content: categoryById.get(id)?.content })),
      );
    });

    it("answers every public goods", async () => {
      for (const g of publicGoods.filter((_, i) => i % 7 === 0)) {
        const { body } = await ctx.api<GoodsDetail>(`/api/goods/mail/show?id=${g.id}`);
        expect(body.code, g.name).toBe(1);
        expect(body.data.name).toBe(g.name);
      }
    });

    it("answers code 0, errorCode 1004 and a Chinese message for an unknown id", async () => {
      const unknown = Math.max(...demo.goods.map((g) => g.id)) + 1000;
      const { status, body } = await ctx.api(`/api/goods/mail/show?id=${unknown}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 0, errorCode: 1004, data: null });
      expect(body.message).toMatch(CJK);
    });

    it("treats a hidden goods as not found", async () => {
      for (const g of hiddenGoods) {
        const { body } = await ctx.api(`/api/goods/mail/show?id=${g.id}`);
        expect(body, g.name).toMatchObject({ code: 0, errorCode: 1004, data: null });
      }
    });

    it("shows an off-sale goods with status 0 (the page says 已下架)", async () => {
      for (const g of offSaleGoods) {
        const { body } = await ctx.api<GoodsDetail>(`/api/goods/mail/show?id=${g.id}`);
        expect(body.code, g.name).toBe(1);
        expect(body.data.status).toBe(0);
      }
    });

    it("refuses a missing or malformed id", async () => {
      for (const q of ["", "?id=", "?id=abc", "?id=0", "?id=-1", "?id=1.5e10"]) {
        const { body } = await ctx.api(`/api/goods/mail/show${q}`);
        expect(body.code, q).toBe(0);
        expect(body.errorCode, q).toBe(1001);
        expect(body.message, q).toMatch(CJK);
      }
    });
  });

  describe("GET /api/goods/showPackage", () => {
    const pkg = publicGoods.find((g) => g.isPackage && (g.packageItems?.length ?? 0) > 0)!;

    it("answers a package with its items in order", async () => {
      const { body } = await ctx.api<PackageDetail>(`/api/goods/showPackage?id=${pkg.id}`);
      expect(body.code).toBe(1);
      expectListItem(body.data, pkg);
      expect(body.data.isPackage).toBe(true);
      expect(body.data.packagePriceMode).toBe(pkg.packagePriceMode ?? null);
      const items = (pkg.packageItems ?? [])
        .map((item, i) => ({ ...item, order: item.sort ?? i, i }))
        .sort((a, b) => a.order - b.order || a.i - b.i);
      expect(
        body.data.items.map(({ goodsId, name, quantity, unit, room, cover }) => ({
          goodsId,
          name,
          quantity,
          unit,
          room,
          cover,
        })),
      ).toEqual(
        items.map((item) => ({
          goodsId: item.goodsId ?? null,
          name: item.name,
          quantity: item.quantity,
          unit: item.unit,
          room: item.room ?? "",
          cover: item.goodsId ? (demo.goods.find((g) => g.id === item.goodsId)?.images?.[0] ?? null) : null,
        })),
      );
    });

    it("answers every public package", async () => {
      for (const g of publicGoods.filter((p) => p.isPackage)) {
        const { body } = await ctx.api<PackageDetail>(`/api/goods/showPackage?id=${g.id}`);
        expect(body.code, g.name).toBe(1);
        expect(body.data.items.length, g.name).toBe(g.packageItems?.length ?? 0);
      }
    });

    it("treats a goods that is not a package, or an unknown id, as not found", async () => {
      const plain = publicGoods.find((g) => !g.isPackage)!;
      const unknown = Math.max(...demo.goods.map((g) => g.id)) + 1000;
      for (const id of [plain.id, unknown]) {
        const { body } = await ctx.api(`/api/goods/showPackage?id=${id}`);
        expect(body, `id ${id}`).toMatchObject({ code: 0, errorCode: 1004, data: null });
        expect(body.message).toMatch(CJK);
      }
    });
  });
});
