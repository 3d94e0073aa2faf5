// Covered cities, hard-decoration unit prices per city tier, and experience stores.
import type { estimateRates, stores } from "../schema.js";
import type { CityEntry, HardPrice } from "./demo-rows.js";
import { at, hash, IMAGE_SIZES, type MediaRegistry } from "./demo-util.js";

/** 136 covered cities by province (official names), weighted to east and central China where the brand grew up. */
const CITIES_BY_PROVINCE: [string, string[]][] = [
  [
    "浙江省",
    ["杭州市", "宁波市", "温州市", "嘉兴市", "湖州市", "绍兴市", "金华市", "衢州市", "舟山市", "台州市", "丽水市"],
  ],
  ["上海市", ["上海市"]],
  ["北京市", ["北京市"]],
  ["天津市", ["天津市"]],
  ["重庆市", ["重庆市"]],
  [
    "江苏省",
    [
      "南京市",
      "无锡市",
      "徐州市",
      "常州市",
      "苏州市",
      "南通市",
      "连云港市",
      "淮安市",
      "盐城市",
      "扬州市",
      "镇江市",
      "泰州市",
      "宿迁市",
    ],
  ],
  [
    "安徽省",
    [
      "合肥市",
      "芜湖市",
      "蚌埠市",
      "淮南市",
      "马鞍山市",
      "淮北市",
      "铜陵市",
      "安庆市",
      "黄山市",
      "滁州市",
      "阜阳市",
      "宿州市",
      "六安市",
      "亳州市",
      "池州市",
      "宣城市",
    ],
  ],
  ["福建省", ["福州市", "厦门市", "莆田市", "三明市", "泉州市", "漳州市", "南平市", "龙岩市", "宁德市"]],
  [
    "江西省",
    ["南昌市", "景德镇市", "萍乡市", "九江市", "新余市", "鹰潭市", "赣州市", "吉安市", "宜春市", "抚州市", "上饶市"],
  ],
  [
    "山东省",
    [
      "济南市",
      "青岛市",
      "淄博市",
      "枣庄市",
      "东营市",
      "烟台市",
      "潍坊市",
      "济宁市",
      "泰安市",
      "威海市",
      "日照市",
      "临沂市",
      "德州市",
      "聊城市",
    ],
  ],
  [
    "河南省",
    [
      "郑州市",
      "开封市",
      "洛阳市",
      "平顶山市",
      "安阳市",
      "新乡市",
      "焦作市",
      "许昌市",
      "南阳市",
      "商丘市",
      "信阳市",
      "周口市",
      "驻马店市",
    ],
  ],
  ["湖北省", ["武汉市", "黄石市", "十堰市", "宜昌市", "襄阳市", "鄂州市", "荆门市", "孝感市", "荆州市", "黄冈市"]],
  ["湖南省", ["长沙市", "株洲市", "湘潭市", "衡阳市", "岳阳市", "常德市", "益阳市", "郴州市", "永州市"]],
  [
    "广东省",
    ["广州市", "深圳市", "珠海市", "汕头市", "佛山市", "江门市", "肇庆市", "惠州市", "清远市", "东莞市", "中山市"],
  ],
  ["河北省", ["石家庄市", "唐山市", "保定市", "廊坊市"]],
  ["山西省", ["太原市"]],
  ["辽宁省", ["沈阳市", "大连市"]],
  ["四川省", ["成都市", "绵阳市"]],
  ["陕西省", ["西安市"]],
  ["广西壮族自治区", ["南宁市", "桂林市"]],
  ["云南省", ["昆明市"]],
  ["贵州省", ["贵阳市"]],
  ["海南省", ["海口市"]],
];

export function buildCities(): CityEntry[] {
  return CITIES_BY_PROVINCE.flatMap(([province, cities]) => cities.map((city) => ({ city, province })));
}

const TIER_1 = new Set(["北京市", "上海市", "广州市", "深圳市"]);
const NEW_TIER_1 = new Set([
  "杭州市",
  "南京市",
  "苏州市",
  "成都市",
  "武汉市",
  "重庆市",
  "天津市",
  "西安市",
  "长沙市",
  "郑州市",
  "东莞市",
  "青岛市",
  "宁波市",
  "合肥市",
  "佛山市",
]);
const TIER_2 = new Set([
  "无锡市",
  "厦门市",
  "福州市",
  "济南市",
  "温州市",
  "嘉兴市",
  "绍兴市",
  "金华市",
  "台州市",
  "常州市",
  "南通市",
  "徐州市",
  "扬州市",
  "泉州市",
  "南昌市",
  "沈阳市",
  "大连市",
  "昆明市",
  "石家庄市",
  "南宁市",
  "贵阳市",
  "太原市",
  "海口市",
  "珠海市",
  "中山市",
  "惠州市",
  "烟台市",
  "潍坊市",
  "湖州市",
  "芜湖市",
  "洛阳市",
  "宜昌市",
  "襄阳市",
]);

export function cityTier(city: string): 1 | 2 | 3 | 4 {
  if (TIER_1.has(city)) return 1;
  if (NEW_TIER_1.has(city)) return 2;
  if (TIER_2.has(city)) return 3;
  return 4;
}

/** 全包 price per ㎡ (yuan) by tier; each city moves up to ±40 yuan around it. */
const PACKAGE_YUAN = { 1: 1899, 2: 1599, 3: 1399, 4: 1199 } as const;
/** Share of the 全包 price per part; the appliance part takes the rounding remainder. */
const PART_SHARES = { main: 0.28, auxiliary: 0.11, labor: 0.24, management: 0.06, design: 0.05, soft: 0.15 } as const;

export type EstimateRatesRow = typeof estimateRates.$inferInsert;

/** The default estimate amounts (row '*'), as in migration 0005; a city's row scales them by tier. */
export const DEFAULT_ESTIMATE_RATES: EstimateRatesRow = {
  city: "*",
  province: "",
  bedroomMaterialCents: 300_000,
  bedroomLaborCents: 80_000,
  livingRoomMaterialCents: 400_000,
  livingRoomLaborCents: 120_000,
  bathroomMaterialCents: 600_000,
  bathroomLaborCents: 200_000,
  softPerBedroomCents: 500_000,
  softPerLivingRoomCents: 800_000,
  applianceBaseCents: 1_200_000,
  appliancePerBathroomCents: 250_000,
};

/** Labour and goods cost more in bigger cities. */
const ESTIMATE_TIER_FACTOR = { 1: 1.35, 2: 1.2, 3: 1.1, 4: 1 } as const;

/** The default row and one per covered city, each amount rounded to whole yuan. */
export function buildEstimateRates(cities: CityEntry[]): EstimateRatesRow[] {
  const { city: _c, province: _p, ...amounts } = DEFAULT_ESTIMATE_RATES;
  return [
    DEFAULT_ESTIMATE_RATES,
    ...cities.map(({ city, province }) => {
      const factor = ESTIMATE_TIER_FACTOR[cityTier(city)];
      const scaled = Object.fromEntries(
        Object.entries(amounts).map(([key, cents]) => [key, Math.round((cents * factor) / 100) * 100]),
      ) as typeof amounts;
      return { ...scaled, city, province };
    }),
  ];
}

export function buildHardPrices(cities: CityEntry[]): HardPrice[] {
  return cities.map(({ city, province }) => {
    const pkg = PACKAGE_YUAN[cityTier(city)] + ((hash(city) % 5) - 2) * 20;
    const part = (share: number) => Math.round(pkg * share);
    const main = part(PART_SHARES.main);
    const auxiliary = part(PART_SHARES.auxiliary);
    const labor = part(PART_SHARES.labor);
    const management = part(PART_SHARES.management);
    const design = part(PART_SHARES.design);
    const soft = part(PART_SHARES.soft);
    const appliance = pkg - main - auxiliary - labor - management - design - soft;
    // 半包 covers auxiliary materials, labour, management and design, rounded up to a …9 price.
    const half = Math.ceil((auxiliary + labor + management + design + 1) / 10) * 10 - 1;
    return {
      city,
      province,
      packagePriceCentsPerM2: pkg * 100,
      halfPackagePriceCentsPerM2: half * 100,
      mainMaterialCentsPerM2: main * 100,
      auxiliaryMaterialCentsPerM2: auxiliary * 100,
      laborCentsPerM2: labor * 100,
      projectManagementCentsPerM2: management * 100,
      designCentsPerM2: design * 100,
      softCentsPerM2: soft * 100,
      applianceCentsPerM2: appliance * 100,
    };
  });
}

/** [city, district, store label, address after the district, phone, lng, lat] */
const STORE_ROWS: [string, string, string, string, string, number, number][] = [
  ["杭州市", "滨江区", "杭州滨江体验馆", "江南大道3688号悦家大厦1-3层", "0571-8678-0131", 120.2105, 30.2085],
  ["杭州市", "西湖区", "杭州西湖旗舰店", "文三路478号华星时代广场1层", "0571-8678-0132", 120.1295, 30.279],
  ["杭州市", "余杭区", "杭州未来科技城店", "文一西路1818号恒生科技园南门", "0571-8678-0133", 120.0075, 30.286],
  ["杭州市", "萧山区", "杭州萧山市心店", "市心中路818号银隆百货东侧", "0571-8678-0135", 120.27, 30.175],
  ["杭州市", "拱墅区", "杭州运河店", "丽水路58号运河天地2号楼", "0571-8678-0136", 120.142, 30.318],
  ["宁波市", "鄞州区", "宁波鄞州体验馆", "天童南路588号宁波文化广场B区", "0574-8786-0130", 121.5505, 29.821],
  ["宁波市", "江北区", "宁波江北店", "大庆南路99号来福士广场北侧", "0574-8786-0131", 121.545, 29.89],
  ["温州市", "鹿城区", "温州鹿城体验馆", "车站大道577号财富中心1层", "0577-8896-0130", 120.665, 28.005],
  ["绍兴市", "越城区", "绍兴越城店", "解放北路228号世茂广场东门", "0575-8516-0130", 120.58, 30.01],
  ["嘉兴市", "南湖区", "嘉兴南湖店", "中山东路1288号月河街区旁", "0573-8268-0130", 120.77, 30.755],
  ["湖州市", "吴兴区", "湖州吴兴店", "红旗路166号爱山广场3号楼", "0572-2396-0130", 120.095, 30.87],
  ["金华市", "婺城区", "金华婺城店", "八一南街399号万达广场西侧", "0579-8223-0130", 119.65, 29.08],
  ["台州市", "椒江区", "台州椒江店", "市府大道358号万达广场北门", "0576-8866-0130", 121.42, 28.655],
  ["上海市", "闵行区", "上海闵行体验馆", "吴中路1799号万象城对面", "021-6418-0130", 121.38, 31.18],
  ["上海市", "浦东新区", "上海浦东旗舰店", "张杨路1500号家居生活广场2层", "021-5836-0130", 121.525, 31.23],
  ["上海市", "徐汇区", "上海徐汇店", "漕溪北路398号汇智大厦1层", "021-6487-0130", 121.437, 31.19],
  ["北京市", "朝阳区", "北京朝阳体验馆", "东四环中路56号远洋国际中心A座1层", "010-8579-0130", 116.487, 39.905],
  ["南京市", "建邺区", "南京建邺体验馆", "江东中路311号中泰国际广场1层", "025-8665-0130", 118.73, 32.01],
  ["南京市", "江宁区", "南京江宁店", "双龙大道1680号景枫中心3层", "025-5219-0130", 118.82, 31.95],
  ["苏州市", "吴中区", "苏州吴中体验馆", "东吴北路299号吴中大厦1层", "0512-6558-0130", 120.62, 31.275],
  ["苏州市", "苏州工业园区", "苏州园区店", "现代大道88号圆融时代广场东区", "0512-6288-0130", 120.7, 31.32],
  ["无锡市", "梁溪区", "无锡梁溪店", "中山路531号东方广场2层", "0510-8272-0130", 120.3, 31.575],
  ["常州市", "新北区", "常州新北店", "通江中路88号万达广场B座", "0519-8512-0130", 119.97, 31.81],
  ["南通市", "崇川区", "南通崇川店", "工农路57号圆融广场北门", "0513-8551-0130", 120.88, 32.0],
  ["合肥市", "蜀山区", "合肥蜀山体验馆", "长江西路499号置地广场1层", "0551-6553-0130", 117.23, 31.85],
  ["合肥市", "包河区", "合肥包河店", "马鞍山路130号万达广场3层", "0551-6361-0130", 117.3, 31.83],
  ["芜湖市", "镜湖区", "芜湖镜湖店", "北京中路7号镜湖世纪城", "0553-3836-0130", 118.38, 31.34],
  ["武汉市", "江汉区", "武汉江汉体验馆", "建设大道568号新世界国贸大厦1层", "027-8577-0130", 114.27, 30.6],
  ["武汉市", "洪山区", "武汉光谷店", "珞喻路889号光谷步行街南区", "027-8779-0130", 114.4, 30.51],
  ["长沙市", "芙蓉区", "长沙芙蓉店", "五一大道389号华美欧国际1层", "0731-8456-0130", 112.99, 28.196],
  ["南昌市", "红谷滩区", "南昌红谷滩店", "会展路999号红谷滩万达广场", "0791-8388-0130", 115.855, 28.69],
  ["福州市", "鼓楼区", "福州鼓楼店", "五四路158号环球广场1层", "0591-8752-0130", 119.3, 26.09],
  ["厦门市", "思明区", "厦门思明店", "湖滨南路388号国贸大厦1层", "0592-5123-0130", 118.1, 24.475],
  ["济南市", "历下区", "济南历下店", "经十路11111号华润中心1层", "0531-8816-0130", 117.08, 36.66],
  ["青岛市", "市南区", "青岛市南店", "香港中路100号中商国际大厦1层", "0532-8578-0130", 120.4, 36.065],
  ["郑州市", "金水区", "郑州金水店", "花园路126号国贸中心2层", "0371-6558-0130", 113.68, 34.78],
  ["成都市", "武侯区", "成都武侯店", "天府大道北段1480号拉德方斯大厦1层", "028-8531-0130", 104.07, 30.58],
  ["广州市", "天河区", "广州天河店", "天河路208号粤海天河城大厦1层", "020-3888-0130", 113.33, 23.138],
  ["深圳市", "南山区", "深圳南山店", "海德三道126号卓越后海中心1层", "0755-8662-0130", 113.935, 22.518],
];

// Brand tones for storefront pictures, rotated so neighbouring cards differ.
const STORE_COLORS = ["#9c7a5b", "#7d8b6a", "#a8737a", "#5f6f7e"];

export function buildStores(
  cities: CityEntry[],
  media: MediaRegistry,
): (typeof stores.$inferInsert & { id: number })[] {
  const provinceOf = new Map(cities.map((c) => [c.city, c.province]));
  return STORE_ROWS.map(([city, district, label, street, phone, lng, lat], i) => {
    const id = i + 1;
    const province = provinceOf.get(city);
    if (!province) throw new Error(`store city ${city} is not covered`);
    const name = `悦家整装·${label}`;
    // Municipalities already start with the city name, so the province is not repeated.
    const address = `${province === city ? "" : province}${city}${district}${street}`;
    return {
      id,
      name,
      province,
      city,
      address,
      phone,
      hours: "09:00-21:00",
      lng,
      lat,
      image: media.add(`store-${id}.svg`, {
        title: name,
        subtitle: `${district}${street}`,
        color: at(STORE_COLORS, i),
        ...IMAGE_SIZES.store,
      }),
      sort: i + 1,
    };
  });
}
