// Builds guides, inspiration cases and home banners for the demo.
import type { articles, articleTags, banners } from "../schema.js";
import { roomFor } from "./demo-drawings.js";
import { GUIDE_STAGES } from "./demo-guides.js";
import type { CityEntry } from "./demo-rows.js";
import { at, chinaDate, DAY_MS, IMAGE_SIZES, type MediaRegistry, rng } from "./demo-util.js";

type Article = typeof articles.$inferInsert & { id: number };
type Block = Article["content"][number];
type Banner = typeof banners.$inferInsert & { id: number };

export function buildArticleTags(): (typeof articleTags.$inferInsert)[] {
  return GUIDE_STAGES.map((s, i) => ({ id: s.tagId, name: s.name, sort: i + 1 }));
}

/** [city, district, areaM2, style, layout, mode, budget 万元, designer, the household and its wishes] */
type CaseRow = [string, string, number, Style, string, "全包" | "半包", number, string, string];
type Style = "现代简约" | "北欧" | "新中式" | "轻奢" | "日式原木" | "法式" | "工业风" | "美式";

const CASE_ROWS: CaseRow[] = [
  [
    "杭州市",
    "滨江区",
    128,
    "现代简约",
    "三室两厅",
    "全包",
    32,
    "林晓雯",
    "业主是三口之家，孩子刚上小学，希望客厅兼顾学习和娱乐。",
  ],
  [
    "杭州市",
    "西湖区",
    89,
    "北欧",
    "两室两厅",
    "全包",
    21,
    "陈子墨",
    "一对年轻夫妻和一只布偶猫住在这里，想要明亮通透、好打理的家。",
  ],
  [
    "杭州市",
    "余杭区",
    143,
    "新中式",
    "四室两厅",
    "全包",
    46,
    "周亦凡",
    "一家三代同住，长辈喜欢喝茶，年轻人需要独立的书房。",
  ],
  [
    "杭州市",
    "拱墅区",
    76,
    "日式原木",
    "两室一厅",
    "半包",
    12,
    "许嘉宁",
    "业主是独居的软件工程师，希望有一间能安静工作的书房。",
  ],
  [
    "杭州市",
    "萧山区",
    165,
    "轻奢",
    "四室两厅",
    "全包",
    58,
    "沈星辰",
    "二孩家庭需要大容量收纳，还想要一个能招待朋友的餐厨区。",
  ],
  [
    "杭州市",
    "上城区",
    58,
    "法式",
    "一室一厅",
    "全包",
    16,
    "顾清欢",
    "业主是刚工作几年的女生，想把小公寓布置得精致又有仪式感。",
  ],
  [
    "宁波市",
    "鄞州区",
    118,
    "现代简约",
    "三室两厅",
    "全包",
    28,
    "吴思远",
    "夫妻俩都在家办公，希望两个人的工作区互不打扰。",
  ],
  [
    "宁波市",
    "江北区",
    96,
    "日式原木",
    "三室一厅",
    "半包",
    15,
    "吴思远",
    "这是一套二十年的老房翻新，业主想保留一些老家具的记忆。",
  ],
  [
    "上海市",
    "闵行区",
    102,
    "轻奢",
    "三室两厅",
    "全包",
    38,
    "王梓涵",
    "业主是在金融行业工作的夫妻，喜欢质感好的材料，但不要浮夸。",
  ],
  [
    "上海市",
    "浦东新区",
    68,
    "北欧",
    "两室一厅",
    "全包",
    24,
    "王梓涵",
    "这是新婚夫妻的第一套房，预算有限但希望一步到位。",
  ],
  [
    "南京市",
    "建邺区",
    135,
    "新中式",
    "三室两厅",
    "全包",
    40,
    "周亦凡",
    "业主爱好书法，需要一面能挂字画的墙和一张大书桌。",
  ],
  ["南京市", "江宁区", 110, "美式", "三室两厅", "全包", 30, "陈子墨", "家里有两个男孩，家具要耐用，客厅要经得起打闹。"],
  [
    "苏州市",
    "吴中区",
    125,
    "法式",
    "三室两厅",
    "全包",
    36,
    "顾清欢",
    "女主人喜欢烘焙，想要一个能和孩子一起做点心的厨房。",
  ],
  [
    "苏州市",
    "姑苏区",
    210,
    "新中式",
    "五室三厅 复式",
    "全包",
    85,
    "周亦凡",
    "这是一家五口的改善型复式住宅，楼上楼下需要清晰的动静分区。",
  ],
  [
    "无锡市",
    "梁溪区",
    98,
    "现代简约",
    "三室一厅",
    "全包",
    22,
    "林晓雯",
    "业主是退休的老两口，希望地面无高差、卫生间有扶手。",
  ],
  ["合肥市", "蜀山区", 120, "北欧", "三室两厅", "全包", 25, "沈星辰", "业主夫妻都在高校任教，家里书多，需要大量书柜。"],
  [
    "温州市",
    "鹿城区",
    140,
    "轻奢",
    "四室两厅",
    "全包",
    45,
    "沈星辰",
    "业主经营外贸生意，常在家招待客户，玄关和客厅要体面。",
  ],
  ["绍兴市", "越城区", 112, "日式原木", "三室两厅", "全包", 24, "许嘉宁", "业主夫妻喜欢园艺，想把阳台变成一个小花园。"],
  ["嘉兴市", "南湖区", 130, "美式", "三室两厅", "全包", 30, "吴思远", "家里养了两只金毛，地面和沙发都要耐刮耐脏。"],
  [
    "武汉市",
    "洪山区",
    105,
    "工业风",
    "两室两厅",
    "全包",
    23,
    "陈子墨",
    "业主是摄影师，需要一间能放器材、兼做暗房的工作室。",
  ],
  [
    "长沙市",
    "岳麓区",
    115,
    "现代简约",
    "三室两厅",
    "半包",
    16,
    "林晓雯",
    "年轻家庭预算有限，硬装先做扎实，软装以后慢慢添。",
  ],
  [
    "厦门市",
    "思明区",
    88,
    "法式",
    "两室两厅",
    "全包",
    26,
    "顾清欢",
    "房子离海边不远，潮湿是最大的问题，需要全屋防潮。",
  ],
  [
    "杭州市",
    "钱塘区",
    95,
    "工业风",
    "两室两厅",
    "全包",
    22,
    "王梓涵",
    "业主喜欢骑行，需要一个能放下两辆公路车的玄关。",
  ],
  [
    "青岛市",
    "市南区",
    150,
    "美式",
    "四室两厅",
    "全包",
    42,
    "吴思远",
    "这是一套海景房，业主希望客厅正对窗外的海，视线不被家具遮挡。",
  ],
  [
    "金华市",
    "婺城区",
    160,
    "新中式",
    "四室两厅",
    "全包",
    38,
    "周亦凡",
    "业主一家四口，长辈常来小住，希望老人房离卫生间近、带独立收纳。",
  ],
  [
    "成都市",
    "武侯区",
    92,
    "日式原木",
    "三室一厅",
    "全包",
    20,
    "许嘉宁",
    "一家三口都爱做饭，厨房要大，餐桌要能坐六个人。",
  ],
];

const STYLE_TEXT: Record<Style, [string, string]> = {
  现代简约: [
    "以白、灰、木色为基础，墙面不做复杂造型，通过无主灯照明和隐形门让空间线条更干净。家具选择低矮轻盈的款式，客厅留出大面积活动区域。",
    "#8a8f94",
  ],
  北欧: [
    "大面积白墙搭配浅色橡木地板，家具选择原木与布艺的组合，再用一两件明亮色彩的单品点缀。窗帘选用透光的棉麻纱帘，让自然光充满每个房间。",
    "#9fb1a8",
  ],
  新中式: [
    "用简化的中式线条代替繁复雕花，胡桃木色护墙板与米白墙面形成对比，玄关和客厅用山水画与茶桌营造东方意境，兼顾长辈的审美和年轻人的生活方式。",
    "#7a5c48",
  ],
  轻奢: [
    "以灰咖、米白为主色，加入少量金属线条和岩板、大理石等有光泽的材质，真皮沙发与丝绒单椅形成质感对比，灯光层次丰富，整体克制而精致。",
    "#8c7b6b",
  ],
  日式原木: [
    "大量使用原木色和棉麻材质，榻榻米与开放式收纳让空间更灵活。墙面选用米色艺术涂料，灯光柔和偏暖，营造安静松弛的居家氛围。",
    "#b59b7c",
  ],
  法式: [
    "墙面用简化的石膏线条勾勒比例，人字拼木地板和拱门造型带来浪漫感，奶白色调搭配复古黄铜灯具和弯腿家具，优雅而不繁重。",
    "#c4a4a8",
  ],
  工业风: [
    "保留部分水泥质感的墙面，搭配黑色金属框架、做旧皮革和明装轨道灯，开放式厨房与餐厅连成一体，空间粗犷而有个性。",
    "#5e6e73",
  ],
  美式: [
    "深色实木家具与浅色墙面形成对比，护墙板和拱形门洞带来经典的美式韵味，大尺寸布艺沙发让客厅温暖舒适，适合热闹的大家庭。",
    "#8f6b5e",
  ],
};

/** [caption of the second picture, paragraph] */
const HIGHLIGHTS: [string, string][] = [
  [
    "开放式厨房与岛台",
    "厨房改为开放式，与餐厅之间用岛台分隔，岛台兼做备餐区和早餐桌；冰箱、蒸烤箱嵌入高柜，台面上没有多余的电器。",
  ],
  ["阳台与洗衣区", "阳台并入客厅，增加约4㎡使用面积；一侧做到顶的储物柜，另一侧留给洗衣烘干区，晾晒与收纳各有归属。"],
  ["主卧衣帽间", "主卧利用原来的过道改成衣帽间，L型开放式柜体配感应灯带，夫妻二人的衣物分区存放，一目了然。"],
  ["儿童房", "次卧按儿童房设计，可升降书桌和整墙书柜陪孩子从小学用到高中，地台床下方全部做成收纳抽屉。"],
  ["玄关收纳", "玄关做了到顶鞋柜和换鞋凳，中间开放格放钥匙和快递，底部悬空的灯带回家即亮，进门有了缓冲空间。"],
  ["三分离卫生间", "卫生间做三分离设计，洗漱台外移到过道，淋浴和如厕分开，早高峰一家人洗漱不再排队。"],
  ["多功能书房", "书房兼顾客房，榻榻米地台配电动升降桌，平时办公喝茶，老人来住时铺上床垫就是卧室。"],
  ["餐厅灯光", "全屋无主灯设计，客餐厅采用磁吸轨道灯和洗墙灯带，灯光可以随看电视、聚餐、阅读等场景切换。"],
];

/** 三室两厅 → 三居, used in case titles. */
function layoutShort(layout: string): string {
  if (layout.includes("复式")) return "复式";
  return `${layout.charAt(0)}居`;
}

/** Splits a budget in 万元 into parts that add up exactly, with one decimal. */
function splitBudget(totalWan: number, shares: number[]): number[] {
  const tenths = Math.round(totalWan * 10);
  const parts = shares.map((s) => Math.round(tenths * s));
  const last = parts.length - 1;
  parts[last] = tenths - parts.slice(0, last).reduce((a, b) => a + b, 0);
  return parts.map((p) => p / 10);
}

function caseBlocks(row: CaseRow, index: number, id: number, media: MediaRegistry, color: string): Block[] {
  const [city, district, area, style, layout, mode, budget, , wishes] = row;
  const [caption2, highlight] = at(HIGHLIGHTS, index);
  const days = 60 + Math.round(area / 2);
  const money =
    mode === "全包"
      ? (() => {
          const [hard, custom, soft, appliance] = splitBudget(budget, [0.46, 0.2, 0.24, 0.1]);
          return `本案为全包，总造价约${budget}万元：硬装约${hard}万元，全屋定制约${custom}万元，家具软装约${soft}万元，家电约${appliance}万元，施工周期${days}天。`;
        })()
      : (() => {
          const [contract, owner] = splitBudget(budget, [0.55, 0.45]);
          return `本案为半包，总花费约${budget}万元：辅材、人工与管理约${contract}万元，业主自购主材约${owner}万元，施工周期${days}天。`;
        })();
  const image = (n: number, caption: string): Block => ({
    kind: "image",
    src: media.add(`article-${id}-${n}.svg`, {
      title: caption,
      subtitle: `${style} · ${district}`,
      color,
      ...IMAGE_SIZES.articleImage,
      drawing: { room: roomFor(caption) },
    }),
    caption,
  });
  return [
    { kind: "paragraph", text: `这套房子位于${city}${district}，建筑面积${area}㎡，${layout}。${wishes}` },
    { kind: "heading", text: "设计思路" },
    { kind: "paragraph", text: STYLE_TEXT[style][0] },
    image(1, `客厅 · ${style}`),
    { kind: "heading", text: "空间亮点" },
    { kind: "paragraph", text: highlight },
    image(2, caption2),
    { kind: "paragraph", text: money },
  ];
}

export function buildArticles(cities: CityEntry[], media: MediaRegistry): Article[] {
  const covered = new Set(cities.map((c) => c.city));
  // Guides in rounds (one per stage per round) so every stage appears throughout the timeline.
  const guides = [0, 1, 2, 3, 4, 5].flatMap((round) =>
    GUIDE_STAGES.map((stage, s) => ({ kind: "guide" as const, stage, s, round })),
  );
  const cases = CASE_ROWS.map((row, index) => ({ kind: "case" as const, row, index }));
  const total = guides.length + cases.length;
  // Spread the cases evenly between the guides.
  const order: ((typeof guides)[number] | (typeof cases)[number])[] = [];
  let gi = 0;
  let ci = 0;
  for (let i = 0; i < total; i++) {
    const isCase = Math.floor(((i + 1) * cases.length) / total) > Math.floor((i * cases.length) / total);
    const next = isCase ? cases[ci++] : guides[gi++];
    if (next) order.push(next);
  }

  // Publication dates span 2025-05-03 … 2026-10-28 (the 18 months before 2026-11-01), oldest first.
  const first = chinaDate(2025, 5, 3).getTime();
  const spanDays = 543;
  return order.map((item, i): Article => {
    const id = i + 1;
    const r = rng(`article:${id}`);
    const day = Math.round((i * spanDays) / (total - 1));
    const publishedAt = new Date(first + day * DAY_MS + r.int(-1, 0) * 3_600_000 + r.int(0, 59) * 60_000);

    if (item.kind === "guide") {
      const { stage, s, round } = item;
      const guide = stage.guides[round];
      if (!guide) throw new Error(`missing guide ${stage.name}/${round}`);
      const [title, summary, [keyHeading, keyText]] = guide;
      const [aHeading, aText] = at(stage.pool, round * 2 + s);
      const [bHeading, bText] = at(stage.pool, round * 2 + s + 3);
      const caption = at(stage.captions, round + s);
      const content: Block[] = [
        { kind: "paragraph", text: summary },
        { kind: "heading", text: keyHeading },
        { kind: "paragraph", text: keyText },
        {
          kind: "image",
          src: media.add(`article-${id}-1.svg`, {
            title: caption,
            subtitle: `悦家整装 · ${stage.name}`,
            color: stage.color,
            ...IMAGE_SIZES.articleImage,
          }),
          caption,
        },
        { kind: "heading", text: aHeading },
        { kind: "paragraph", text: aText },
      ];
      // Every other guide gets a second pool section, so lengths vary between 6 and 8 blocks.
      if (round % 2 === 0) content.push({ kind: "heading", text: bHeading }, { kind: "paragraph", text: bText });
      return {
        id,
        type: 1,
        title,
        summary,
        cover: media.add(`article-${id}-cover.svg`, {
          title,
          subtitle: stage.name,
          color: stage.color,
          ...IMAGE_SIZES.cover,
        }),
        content,
        tagId: stage.tagId,
        author: at(stage.authors, round),
        views: Math.round(800 + 52_000 * r.next() ** 2),
        publishedAt,
        style: null,
        layout: null,
        areaM2: null,
        budgetCents: null,
        city: null,
        designer: null,
      };
    }

    const { row, index } = item;
    const [city, district, area, style, layout, mode, budget, designer, wishes] = row;
    if (!covered.has(city)) throw new Error(`case city ${city} is not covered`);
    const color = STYLE_TEXT[style][1];
    const cityShort = city.replace(/市$/, "");
    const districtShort = district.replace(/(新区|区|县)$/, "");
    const title = `${cityShort}·${districtShort} ${area}㎡ ${style}${layoutShort(layout)} ${mode} ${budget}万`;
    return {
      id,
      type: 2,
      title,
      summary: `${area}㎡${layout}，${style}风格，${mode}${budget}万元。${wishes}`,
      cover: media.add(`article-${id}-cover.svg`, {
        title,
        subtitle: `设计师 ${designer}`,
        color,
        ...IMAGE_SIZES.cover,
        // The cover shows the room the case's highlight is about (the second picture inside).
        drawing: { room: roomFor(at(HIGHLIGHTS, index)[0]) },
      }),
      content: caseBlocks(row, index, id, media, color),
      tagId: null,
      author: `设计师 ${designer}`,
      views: Math.round(1500 + 30_000 * r.next() ** 2),
      publishedAt,
      style,
      layout,
      areaM2: area,
      budgetCents: budget * 1_000_000,
      city,
      designer,
    };
  });
}

/**
 * [province, city, headline, sub-line, button label, link, colour]; null province/city = default
 * banners. The words are shown as HTML over the picture (docs/decisions/0055), not drawn into it.
 */
const BANNER_ROWS: [string | null, string | null, string, string, string, string, string][] = [
  [null, null, "一站式整装", "悦家整装 136城同标准交付", "了解整装", "/decorate-act", "#8c6e54"],
  [null, null, "北欧原木客厅套餐", "12800元 7件配齐", "查看套餐", "/packageDetails/151", "#c98d5b"],
  [null, null, "标准化硬装套餐 699元/㎡", "明码标价 不增项", "查看套餐", "/packageDetails/158", "#7f8c5a"],
  [null, null, "全屋家具套餐 39800元", "拎包入住", "查看套餐", "/packageDetails/155", "#a86f4c"],
  ["浙江省", "杭州市", "杭州滨江体验馆", "预约到店 免费量房出方案", "预约到店", "/decorate-act", "#9c7a5b"],
  ["浙江省", "杭州市", "杭州真实案例", "滨江128㎡现代简约 全包32万", "看案例", "/case", "#8a8f94"],
  ["浙江省", "杭州市", "成品家具套餐", "杭州仓次日送装", "去选购", "/2-21?id=6", "#c08552"],
  ["上海市", "上海市", "上海闵行体验馆", "周末设计师驻店", "预约到店", "/decorate-act", "#5f6f7e"],
  ["上海市", "上海市", "上海案例", "闵行102㎡轻奢三居", "看案例", "/case", "#8c7b6b"],
  ["江苏省", "南京市", "南京建邺体验馆", "全屋整装节", "了解活动", "/decorate-act", "#4f6d7a"],
  ["江苏省", "南京市", "品质硬装套餐 999元/㎡", "大牌主材", "查看套餐", "/packageDetails/159", "#7f8c5a"],
  ["江苏省", "苏州市", "苏州吴中体验馆", "新馆开业", "预约到店", "/decorate-act", "#6b7f8e"],
  ["江苏省", "苏州市", "定制橱柜", "免费上门量尺", "去看看", "/2-21?id=9", "#52707c"],
  ["浙江省", "宁波市", "宁波老房翻新季", "899元/㎡ 拆旧到完工", "查看套餐", "/packageDetails/160", "#9d8f84"],
  ["浙江省", "宁波市", "宁波案例", "鄞州118㎡现代简约三居", "看案例", "/case", "#8a8f94"],
  ["安徽省", "合肥市", "合肥蜀山体验馆", "精选主材 大牌直供", "去选购", "/2-21?id=49", "#9c7a5b"],
  ["安徽省", "合肥市", "合肥案例", "蜀山120㎡北欧三居", "看案例", "/case", "#9fb1a8"],
];

export function buildBanners(media: MediaRegistry): Banner[] {
  const sortInCity = new Map<string | null, number>();
  return BANNER_ROWS.map(([province, city, headline, subline, buttonLabel, link, color], i) => {
    const id = i + 1;
    const sort = (sortInCity.get(city) ?? 0) + 1;
    sortInCity.set(city, sort);
    const title = `${headline} ${subline}`;
    return {
      id,
      province,
      city,
      title,
      headline,
      subline,
      buttonLabel,
      // A picture without words: the title only names it (its <title>, never drawn).
      image: media.add(`banner-${id}.svg`, { title, color, ...IMAGE_SIZES.banner }),
      link,
      sort,
    };
  });
}
