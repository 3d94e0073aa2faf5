// The fixed answer A and B serve: a 12-goods page of /api/goods/index shaped like the real one
// (GoodsListItem fields in contract order, the filter categories of 成品家具), built once.
import {
  type Envelope,
  type GoodsCategory,
  type GoodsIndexData,
  type GoodsListItem,
  Messages,
  SUCCESS_CODE,
} from "@yj/contract";

/** The category (成品家具) and page size of the request every target gets. */
export const BENCH_CATEGORY2 = 4;
export const BENCH_PAGE_SIZE = 12;
/** The request every target gets (C, D0, D and E answer it from the database). */
export const GOODS_INDEX_PATH = `/api/goods/index?isShow=1&category2=${BENCH_CATEGORY2}&current=1&pageSize=${BENCH_PAGE_SIZE}&status=1`;

const CATEGORIES: [number, string, string][] = [
  [119, "沙发", "#8a6f5a"],
  [120, "床", "#9b7e6b"],
  [121, "餐桌椅", "#7a5c48"],
  [122, "茶几/电视柜", "#a0826d"],
  [123, "衣柜/斗柜", "#8c7b6b"],
  [124, "床垫", "#a3a7b5"],
];

/** [name, subtitle, brand, price ¥, original ¥, unit, level-3 category, tag ids, sales] */
const GOODS: [string, string, string, number, number, string, number, number[], number][] = [
  ["意式极简真皮沙发 头层牛皮 三人位", "进口头层牛皮 高回弹海绵", "悦家自营", 6999, 9999, "套", 119, [1, 3], 1284],
  ["北欧布艺沙发 科技布 可拆洗 四人位", "猫抓布 不怕宠物", "顾家家居", 4599, 5999, "套", 119, [2], 968],
  ["奶油风云朵沙发 模块组合 L型转角", "羽绒包裹 坐感柔软", "芝华仕", 8999, 11999, "套", 119, [1, 4], 532],
  ["实木框架双人床 1.8m 北美白橡木", "榫卯结构 静音无异响", "林氏家居", 3899, 4999, "张", 120, [3], 2210],
  ["软包悬浮床 1.5m 皮艺靠背 储物款", "液压高箱 大容量收纳", "慕思", 5299, 6899, "张", 120, [2, 5], 745],
  ["岩板餐桌椅组合 一桌六椅 1.6m", "亮光岩板 耐刮耐高温", "全友家居", 2999, 3999, "套", 121, [1], 1832],
  ["北美黑胡桃木圆餐桌 1.3m 可伸缩", "伸缩设计 四至八人用", "悦家自营", 5899, 7599, "张", 121, [4], 311],
  ["悬浮电视柜 岩板台面 2.4m", "壁挂安装 底部好打扫", "索菲亚", 2399, 3199, "组", 122, [2, 3], 1107],
  ["原木风茶几 白蜡木 圆形双层", "双层收纳 圆角防磕碰", "林氏家居", 1299, 1699, "张", 122, [5], 1520],
  ["六斗柜 实木抽屉 卧室收纳柜", "三节静音滑轨", "全友家居", 1899, 2499, "个", 123, [3], 864],
  ["天然乳胶独立弹簧床垫 1.8×2.0m", "七区独袋弹簧 护脊", "喜临门", 3299, 4599, "张", 124, [1, 2], 2675],
  ["椰棕硬床垫 儿童护脊 1.5×2.0m", "3E椰梦维 偏硬支撑", "雅兰", 1599, 2199, "张", 124, [4], 1398],
];

function buildData(): GoodsIndexData {
  const goodsCategoryDOS: GoodsCategory[] = CATEGORIES.map(([id, content, color]) => ({
    id,
    content,
    parentId: 4,
    level: 3,
    color,
    subCategories: [],
  }));
  const dataList: GoodsListItem[] = GOODS.map(
    ([name, subtitle, brand, price, original, unit, category3, tagIds, sales], i) => ({
      id: 2001 + i,
      name,
      subtitle,
      brand,
      price: price * 100,
      originalPrice: original * 100,
      unit,
      cover: `/media/goods-${2001 + i}-1.svg`,
      tagIds,
      sales,
      category1: 10,
      category2: 4,
      category3,
      isPackage: false,
      packagePriceMode: null,
    }),
  );
  return { dataList, total: 36, current: 1, pageSize: 12, goodsCategoryDOS };
}

/** The envelope object (B serialises it through the contract schema on every request). */
export const goodsIndexEnvelope: Envelope<GoodsIndexData> = {
  code: SUCCESS_CODE,
  message: Messages.ok,
  data: buildData(),
};

/** The bytes A writes (B's serialiser must produce exactly these; run.ts checks). */
export const goodsIndexBody: Buffer = Buffer.from(JSON.stringify(goodsIndexEnvelope));
