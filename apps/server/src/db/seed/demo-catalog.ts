// Builds the demo catalogue: category tree, goods tags, goods with SKUs, and packages with their items.
import type { goodsCategories, goodsTags } from "../schema.js";
import {
  BRAND_ORIGIN,
  CATEGORY_ROWS,
  type GoodsRow,
  LEAVES,
  type LeafRows,
  UNIT_OVERRIDES,
} from "./demo-catalog-rows.js";
import { roomFor } from "./demo-drawings.js";
import { PACKAGE_ROWS } from "./demo-packages.js";
import type { DemoGoods } from "./demo-rows.js";
import { at, chinaDate, DAY_MS, IMAGE_SIZES, type MediaRegistry, rng } from "./demo-util.js";

type Category = typeof goodsCategories.$inferInsert;
type GoodsTag = typeof goodsTags.$inferInsert;
type Sku = DemoGoods["skus"][number];

export const GOODS_TAGS: GoodsTag[] = [
  { id: 1, name: "新品" },
  { id: 2, name: "热销" },
  { id: 3, name: "环保E0级" },
  { id: 4, name: "包安装" },
  { id: 5, name: "限时特惠" },
  { id: 6, name: "设计师推荐" },
];

// A few goods are off the shelf (status 0) or hidden from lists (isShow 0), so the public filters matter.
const OFF_SALE = new Set(["卫生间铝合金门 防水防潮 极简窄边", "嵌入式消毒柜 110L 紫外线"]);
const HIDDEN = new Set([
  "天然大理石台面 爵士白 吧台岛台",
  "纯纸壁纸 北欧小清新 儿童房",
  "香薰蜡烛 大豆蜡 无火香薰礼盒",
]);

/** Goods created on or after this date carry the 新品 tag. */
const NEW_SINCE = chinaDate(2026, 8, 15, 0);
const CATALOGUE_START = chinaDate(2025, 3, 1);

export function buildCategories(): Category[] {
  const parents = new Map(CATEGORY_ROWS.map(([id, , parentId]) => [id, parentId]));
  const levelOf = (id: number): number => {
    const parent = parents.get(id);
    return parent == null ? 1 : levelOf(parent) + 1;
  };
  const sortInParent = new Map<number | null, number>();
  return CATEGORY_ROWS.map(([id, content, parentId, color]) => {
    const sort = (sortInParent.get(parentId) ?? 0) + 1;
    sortInParent.set(parentId, sort);
    return { id, content, parentId, level: levelOf(id), sort, color };
  });
}

/** "名称:选项,选项*系数|…" → axes of [label, factor] options. */
function parseAxes(spec: string): { name: string; options: [string, number][] }[] {
  return spec.split("|").map((axis) => {
    const [name = "", options = ""] = axis.split(":");
    return {
      name,
      options: options.split(",").map((o): [string, number] => {
        const [label = "", factor] = o.split("*");
        return [label, factor ? Number(factor) : 1];
      }),
    };
  });
}

function parseParams(spec: string): { name: string; value: string }[] {
  return spec.split("|").map((p) => {
    const i = p.indexOf(":");
    return { name: p.slice(0, i), value: p.slice(i + 1) };
  });
}

/** Shop-style prices: whole yuan below ¥1,000, …99 or …x9 endings above, always in integer cents. */
function roundYuan(yuan: number): number {
  if (yuan < 100) return Math.round(yuan);
  if (yuan < 1000) return Math.round(yuan / 10) * 10 - 1;
  return Math.round(yuan / 100) * 100 - 1;
}

/** Option combinations ordered so the first few SKUs vary every axis (base combination first). */
function combinations(axes: ReturnType<typeof parseAxes>): { spec: string; factor: number }[] {
  let combos: { parts: string[]; idx: number[]; factor: number }[] = [{ parts: [], idx: [], factor: 1 }];
  for (const axis of axes) {
    combos = combos.flatMap((c) =>
      axis.options.map(([label, factor], i) => ({
        parts: [...c.parts, `${axis.name}:${label}`],
        idx: [...c.idx, i],
        factor: c.factor * factor,
      })),
    );
  }
  const rank = (idx: number[]) => idx.reduce((a, b) => a + b, 0);
  return combos
    .map((c, order) => ({ ...c, order }))
    .sort((a, b) => rank(a.idx) - rank(b.idx) || a.order - b.order)
    .map((c) => ({ spec: c.parts.join(" / "), factor: c.factor }));
}

function buildSkus(key: string, basePriceYuan: number, axesSpec: string): Sku[] {
  const r = rng(`sku:${key}`);
  const combos = combinations(parseAxes(axesSpec));
  const count = Math.min(combos.length, r.int(2, 4));
  return combos.slice(0, count).map((c, i) => ({
    spec: c.spec,
    priceCents: (c.factor === 1 ? basePriceYuan : roundYuan(basePriceYuan * c.factor)) * 100,
    // About one SKU in twenty-five is sold out, so the "无货" state shows up in the demo.
    stock: r.next() < 0.04 ? 0 : r.int(3, 200),
    sort: i + 1,
  }));
}

function tagIdsFor(g: {
  createdAt: Date;
  sales: number;
  priceCents: number;
  originalPriceCents: number;
  eco: boolean;
  install: boolean;
  recommended: boolean;
}): number[] {
  const tags: number[] = [];
  if (g.createdAt >= NEW_SINCE) tags.push(1);
  // 热销 relative to price: cheap items need more sales than a sofa does.
  if (g.sales * Math.sqrt(g.priceCents / 100) >= 60_000) tags.push(2);
  if (g.eco) tags.push(3);
  if (g.install) tags.push(4);
  if (g.originalPriceCents - g.priceCents >= g.originalPriceCents * 0.27) tags.push(5);
  if (g.recommended) tags.push(6);
  return tags;
}

function salesFor(key: string, priceYuan: number): number {
  const r = rng(`sales:${key}`);
  const cap = priceYuan < 300 ? 6000 : priceYuan < 1500 ? 2400 : priceYuan < 6000 ? 900 : 320;
  return Math.round(cap * r.next() ** 1.6) + r.int(3, 40);
}

/**
 * Level-2 categories whose goods are made to measure (定制商品, docs/decisions/0064): 定制橱柜, 定制空间家具
 * and 全屋软装定制 (the demo's 全屋定制: curtains, wall cloth and panels cut to the room). They have no
 * seven-day no-reason return.
 */
const MADE_TO_ORDER_CATEGORIES = new Set([9, 8, 7]);

function buildGoodsRow(
  id: number,
  leaf: LeafRows,
  row: GoodsRow,
  index: number,
  tree: Map<number, Category>,
  media: MediaRegistry,
): DemoGoods {
  const [name, subtitle, brand, price, original, paramSpec, highlight, axes] = row;
  const cat3 = tree.get(leaf.id);
  const cat2 = cat3?.parentId != null ? tree.get(cat3.parentId) : undefined;
  if (!cat3 || !cat2 || cat2.parentId == null) throw new Error(`category ${leaf.id} is not a level-3 category`);
  const r = rng(`goods:${name}`);

  const skus = buildSkus(name, price, axes ?? leaf.axes);
  const priceCents = Math.min(...skus.map((s) => s.priceCents));
  const originalPriceCents = Math.max(original * 100, priceCents);
  const createdAt = new Date(CATALOGUE_START.getTime() + r.int(0, 590) * DAY_MS + r.int(0, 9) * 3_600_000);
  const sales = salesFor(name, price);

  const params = parseParams(paramSpec);
  params.push({ name: "品牌", value: brand });
  params.push({ name: "产地", value: BRAND_ORIGIN[brand] ?? "中国" });
  params.push({ name: "保修", value: leaf.warranty });
  params.push({ name: "服务", value: leaf.install ? "送货上门 + 免费安装" : "送货上门" });

  const notes = index % 2 === 0 ? [at(leaf.notes, index)] : [at(leaf.notes, index), at(leaf.notes, index + 1)];
  const color = cat3.color;
  const material = params[0]?.value ?? cat3.content;
  const images = [
    media.add(`goods-${id}-1.svg`, {
      title: name,
      subtitle: `${brand} · ${cat3.content}`,
      color,
      ...IMAGE_SIZES.goods,
      drawing: { category: cat3.content },
    }),
    media.add(`goods-${id}-2.svg`, {
      title: name,
      subtitle: `细节 · ${material}`,
      color,
      ...IMAGE_SIZES.goods,
      drawing: { category: cat3.content, view: "detail" },
    }),
    media.add(`goods-${id}-3.svg`, {
      title: name,
      subtitle: `场景 · ${subtitle}`,
      color,
      ...IMAGE_SIZES.goods,
      drawing: { category: cat3.content, view: "scene" },
    }),
  ];

  return {
    id,
    name,
    subtitle,
    category1: cat2.parentId,
    category2: cat2.id,
    category3: cat3.id,
    tagIds: tagIdsFor({
      createdAt,
      sales,
      priceCents,
      originalPriceCents,
      eco: leaf.eco,
      install: leaf.install,
      recommended: r.next() < 0.22,
    }),
    brand,
    priceCents,
    originalPriceCents,
    unit: UNIT_OVERRIDES[name] ?? leaf.unit,
    images,
    params,
    description: [highlight, ...notes].join(""),
    status: OFF_SALE.has(name) ? 0 : 1,
    isShow: HIDDEN.has(name) ? 0 : 1,
    sales,
    sort: index + 1,
    isPackage: false,
    packagePriceMode: null,
    madeToOrder: MADE_TO_ORDER_CATEGORIES.has(cat2.id),
    createdAt,
    skus,
  };
}

export function buildGoods(categories: Category[], media: MediaRegistry): DemoGoods[] {
  const tree = new Map(categories.map((c) => [c.id, c]));
  const goods: DemoGoods[] = [];
  for (const leaf of LEAVES) {
    leaf.rows.forEach((row, i) => {
      goods.push(buildGoodsRow(goods.length + 1, leaf, row, i, tree, media));
    });
  }

  const byName = new Map(goods.map((g) => [g.name, g]));
  PACKAGE_ROWS.forEach((p, i) => {
    const id = goods.length + 1;
    const cat3 = tree.get(p.category3);
    if (!cat3) throw new Error(`package category ${p.category3} missing`);
    const r = rng(`package:${p.name}`);
    const color = cat3.color;
    const unit = p.mode === "per_m2" ? "㎡" : "套";
    // A package is a furnished room: its pictures are room scenes, the third one another of the rooms
    // its list names (a drawing, so never called 实景).
    const room = roomFor(p.name);
    const other = p.items.map(([, , , itemRoom]) => roomFor(itemRoom)).find((r) => r !== room) ?? room;
    const images = [
      media.add(`goods-${id}-1.svg`, {
        title: p.name,
        subtitle: `悦家整装 · ${cat3.content}`,
        color,
        ...IMAGE_SIZES.goods,
        drawing: { room },
      }),
      media.add(`goods-${id}-2.svg`, {
        title: p.name,
        subtitle: `套餐清单 · ${p.items.length}项`,
        color,
        ...IMAGE_SIZES.goods,
        drawing: { room },
      }),
      media.add(`goods-${id}-3.svg`, {
        title: p.name,
        subtitle: `场景示意 · ${p.subtitle}`,
        color,
        ...IMAGE_SIZES.goods,
        drawing: { room: other },
      }),
    ];
    const skus: Sku[] = p.skus.map(([spec, yuan], j) => ({
      spec,
      priceCents: yuan * 100,
      stock: r.int(20, 200),
      sort: j + 1,
    }));
    const priceCents = p.price * 100;
    const originalPriceCents = p.original * 100;
    const createdAt = new Date(chinaDate(2025, 6, 1).getTime() + r.int(0, 480) * DAY_MS);
    const sales = p.mode === "per_m2" ? r.int(180, 900) : r.int(40, 420);
    goods.push({
      id,
      name: p.name,
      subtitle: p.subtitle,
      category1: 10,
      category2: 6,
      category3: p.category3,
      tagIds: tagIdsFor({
        createdAt,
        sales: sales * 20, // a package counts as many goods sold
        priceCents,
        originalPriceCents,
        eco: p.category3 === 128,
        install: true,
        recommended: i % 3 === 0,
      }),
      brand: "悦家自营",
      priceCents,
      originalPriceCents,
      unit,
      images,
      params: parseParams(p.params),
      description: p.description,
      status: 1,
      isShow: 1,
      sales,
      sort: i + 1,
      isPackage: true,
      packagePriceMode: p.mode,
      createdAt,
      skus,
      packageItems: p.items.map(([name, quantity, itemUnit, room, ref], j) => {
        const target = ref ? byName.get(ref) : undefined;
        if (ref && !target) throw new Error(`package item refers to unknown goods: ${ref}`);
        return { goodsId: target?.id ?? null, name, quantity, unit: itemUnit, room, sort: j + 1 };
      }),
    });
  });
  return goods;
}
