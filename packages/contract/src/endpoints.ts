// Every /api endpoint of docs/product.md §7 (plus the few we add), in one table: the ones served today and the
// ones planned (planned-endpoints.ts). The server registers routes from it; the web client types its
// calls with it. Paths and parameter names are the product rules', exactly.
import { z } from "zod";
import {
  CurrentCustomer,
  FavoriteQuery,
  FavoritesData,
  RegisterBody,
  RegisterData,
  VerificationCodeQuery,
} from "./accounts.js";
import type { AdminPermission } from "./admin.js";
import { adminEndpoints } from "./admin-endpoints.js";
import {
  EmptyQuery,
  GoodsCategory,
  GoodsDetail,
  GoodsIndexData,
  GoodsIndexQuery,
  IdQuery,
  PackageDetail,
} from "./catalog.js";
import {
  CartCreateBody,
  CartCreateListBody,
  CartData,
  CartDeleteBody,
  CartUpdateBody,
  CartUpdateListBody,
  CreateOrderBody,
  CreateOrdersBody,
  CustomerInfoData,
  CustomerInfoQuery,
  OfflinePayBody,
  Order,
  OrderListQuery,
  OrderNoBody,
  OrderNoQuery,
  OrderPage,
  PrecreateData,
  PrecreateQuery,
  TradeData,
  TradeQuery,
} from "./commerce.js";
import {
  ArticleDetail,
  ArticleIdQuery,
  ArticleListQuery,
  ArticlePage,
  ArticleTag,
  Banner,
  CaseFiltersData,
  CityConfig,
  CityDetectData,
  CityQuery,
  HardPrice,
  HardPriceQuery,
  RegionChildren,
  RegionQuery,
  SiteSettings,
  StorePage,
  StoreQuery,
  WebsiteConfigQuery,
} from "./content.js";
import {
  ActivityBody,
  AppointmentBody,
  CityPartnerBody,
  CountData,
  DenominateBody,
  EstimateBody,
  EstimateData,
  PutCardsBody,
} from "./leads.js";
import { SitePage, SitePageQuery } from "./site-pages.js";

export interface EndpointDef {
  method: "GET" | "POST";
  path: `/api/${string}`;
  summary: string;
  /**
   * "session": needs a logged-in customer (errorCode 1201 otherwise). "staff": a back-office
   * endpoint, with its own staff session and CSRF, open only to the roles that hold `permission`.
   */
  auth: "none" | "session" | "staff";
  /** Staff endpoints only: what the caller's role must allow (admin.ts ROLE_PERMISSIONS). */
  permission?: AdminPermission;
  query?: z.ZodType;
  body?: z.ZodType;
  data: z.ZodType;
}

const def = <const T extends EndpointDef>(d: T) => d;
const Nothing = z.null();

export const endpoints = {
  // catalog
  goodsCategories: def({
    method: "GET",
    path: "/api/goodsCategories/list",
    summary: "商品分类树",
    auth: "none",
    query: EmptyQuery,
    data: z.array(GoodsCategory),
  }),
  goodsIndex: def({
    method: "GET",
    path: "/api/goods/index",
    summary: "商品列表与搜索",
    auth: "none",
    query: GoodsIndexQuery,
    data: GoodsIndexData,
  }),
  goodsDetail: def({
    method: "GET",
    path: "/api/goods/mail/show",
    summary: "商品详情",
    auth: "none",
    query: IdQuery,
    data: GoodsDetail,
  }),
  packageDetail: def({
    method: "GET",
    path: "/api/goods/showPackage",
    summary: "套餐详情",
    auth: "none",
    query: IdQuery,
    data: PackageDetail,
  }),
  // content
  banners: def({
    method: "GET",
    path: "/api/banners",
    summary: "城市轮播图（无则默认）",
    auth: "none",
    query: CityQuery,
    data: z.array(Banner),
  }),
  stores: def({
    method: "GET",
    path: "/api/store/query_all_store",
    summary: "全国门店",
    auth: "none",
    query: StoreQuery,
    data: StorePage,
  }),
  articleTags: def({
    method: "GET",
    path: "/api/article/query_all_tag",
    summary: "攻略标签（装修阶段）",
    auth: "none",
    query: EmptyQuery,
    data: z.array(ArticleTag),
  }),
  articleList: def({
    method: "GET",
    path: "/api/article/query_list",
    summary: "攻略与案例列表",
    auth: "none",
    query: ArticleListQuery,
    data: ArticlePage,
  }),
  caseFilters: def({
    method: "GET",
    path: "/api/article/case_filters",
    summary: "案例筛选项（有案例的风格与城市）",
    auth: "none",
    query: EmptyQuery,
    data: CaseFiltersData,
  }),
  articleDetail: def({
    method: "GET",
    path: "/api/article/query_detail",
    summary: "攻略或案例详情",
    auth: "none",
    query: ArticleIdQuery,
    data: ArticleDetail,
  }),
  cityList: def({
    method: "GET",
    path: "/api/website_configs",
    summary: "开通城市列表（type=1）",
    auth: "none",
    query: WebsiteConfigQuery,
    data: z.array(CityConfig),
  }),
  hardPrice: def({
    method: "GET",
    path: "/api/website_configs/getHardPrice",
    summary: "城市硬装单价",
    auth: "none",
    query: HardPriceQuery,
    data: HardPrice,
  }),
  siteSettings: def({
    method: "GET",
    path: "/api/site/settings",
    summary: "站点信息（品牌、热线、地址、备案号）",
    auth: "none",
    query: EmptyQuery,
    data: SiteSettings,
  }),
  sitePage: def({
    method: "GET",
    path: "/api/site/pages",
    summary: "品牌与服务页面（关于我们、服务流程、整装、硬装、软装）",
    auth: "none",
    query: SitePageQuery,
    data: SitePage,
  }),
  regions: def({
    method: "GET",
    path: "/api/regions",
    summary: "行政区划：某编码的下级（86 为省级）",
    auth: "none",
    query: RegionQuery,
    data: RegionChildren,
  }),
  detectCity: def({
    method: "GET",
    path: "/api/geo/city",
    summary: "按 IP 识别城市（离线）",
    auth: "none",
    query: EmptyQuery,
    data: CityDetectData,
  }),
  // accounts
  sendCode: def({
    method: "GET",
    path: "/api/customers/getVerificationCode",
    summary: "发送短信验证码",
    auth: "none",
    query: VerificationCodeQuery,
    data: Nothing,
  }),
  register: def({
    method: "POST",
    path: "/api/customers/register",
    summary: "手机号验证码登录或注册",
    auth: "none",
    body: RegisterBody,
    data: RegisterData,
  }),
  logout: def({
    method: "POST",
    path: "/api/customers/logout",
    summary: "退出登录（服务端注销会话）",
    auth: "session",
    body: z.object({}).optional(),
    data: Nothing,
  }),
  currentCustomer: def({
    method: "GET",
    path: "/api/customers/me",
    summary: "当前登录用户",
    auth: "session",
    query: EmptyQuery,
    data: CurrentCustomer,
  }),
  favorites: def({
    method: "GET",
    path: "/api/customers/query_favorites",
    summary: "我的收藏",
    auth: "session",
    query: EmptyQuery,
    data: FavoritesData,
  }),
  addFavorite: def({
    method: "GET",
    path: "/api/customers/add_favorite",
    summary: "添加收藏（1 商品，2 攻略或案例）",
    auth: "session",
    query: FavoriteQuery,
    data: Nothing,
  }),
  removeFavorite: def({
    method: "GET",
    path: "/api/customers/remove_favorite",
    summary: "取消收藏",
    auth: "session",
    query: FavoriteQuery,
    data: Nothing,
  }),
  // commerce
  cart: def({
    method: "GET",
    path: "/api/carts",
    summary: "购物车",
    auth: "session",
    query: EmptyQuery,
    data: CartData,
  }),
  cartCreate: def({
    method: "POST",
    path: "/api/carts/create",
    summary: "加入购物车",
    auth: "session",
    body: CartCreateBody,
    data: CartData,
  }),
  cartCreateList: def({
    method: "POST",
    path: "/api/carts/createList",
    summary: "批量加入购物车",
    auth: "session",
    body: CartCreateListBody,
    data: CartData,
  }),
  cartUpdate: def({
    method: "POST",
    path: "/api/carts/update",
    summary: "修改购物车条目",
    auth: "session",
    body: CartUpdateBody,
    data: CartData,
  }),
  cartUpdateList: def({
    method: "POST",
    path: "/api/carts/updateList",
    summary: "批量修改购物车条目",
    auth: "session",
    body: CartUpdateListBody,
    data: CartData,
  }),
  cartDelete: def({
    method: "POST",
    path: "/api/carts/delete",
    summary: "删除购物车条目",
    auth: "session",
    body: CartDeleteBody,
    data: CartData,
  }),
  customerInfo: def({
    method: "GET",
    path: "/api/order/getCustomerInfoForShopping",
    summary: "下单用的收货信息",
    auth: "session",
    query: CustomerInfoQuery,
    data: CustomerInfoData,
  }),
  createOrder: def({
    method: "POST",
    path: "/api/order/createOrder",
    summary: "提交订单（Idempotency-Key）",
    auth: "session",
    body: CreateOrderBody,
    data: Order,
  }),
  createOrders: def({
    method: "POST",
    path: "/api/order/createOrders",
    summary: "购物车结算下单（Idempotency-Key）",
    auth: "session",
    body: CreateOrdersBody,
    data: Order,
  }),
  myOrders: def({
    method: "GET",
    path: "/api/order/list",
    summary: "我的订单",
    auth: "session",
    query: OrderListQuery,
    data: OrderPage,
  }),
  orderDetail: def({
    method: "GET",
    path: "/api/order/detail",
    summary: "订单详情",
    auth: "session",
    query: OrderNoQuery,
    data: Order,
  }),
  cancelOrder: def({
    method: "POST",
    path: "/api/order/cancel",
    summary: "取消订单（释放库存）",
    auth: "session",
    body: OrderNoBody,
    data: Order,
  }),
  alipayPrecreate: def({
    method: "GET",
    path: "/api/alipay/precreate",
    summary: "预下单：活动定金（name、mobile）或订单（orderNo，需登录）",
    auth: "none",
    query: PrecreateQuery,
    data: PrecreateData,
  }),
  alipayQuery: def({
    method: "GET",
    path: "/api/alipay/query",
    summary: "交易查询",
    auth: "none",
    query: TradeQuery,
    data: TradeData,
  }),
  offlinePay: def({
    method: "POST",
    path: "/api/pay/offline/confirm",
    summary: "线下支付（仅开发环境：本地完成支付）",
    auth: "none",
    body: OfflinePayBody,
    data: TradeData,
  }),
  // leads
  appointment: def({
    method: "POST",
    path: "/api/customers/appointment",
    summary: "免费预约设计师",
    auth: "none",
    body: AppointmentBody,
    data: Nothing,
  }),
  estimate: def({
    method: "POST",
    path: "/api/jzx/customerPool/jj",
    summary: "在线智能报价",
    auth: "none",
    body: EstimateBody,
    data: EstimateData,
  }),
  servedCount: def({
    method: "GET",
    path: "/api/jzx/customerPool/num",
    summary: "已服务业主数",
    auth: "none",
    query: EmptyQuery,
    data: CountData,
  }),
  cityPartner: def({
    method: "POST",
    path: "/api/cityPartner",
    summary: "城市合伙人（加盟）申请",
    auth: "none",
    body: CityPartnerBody,
    data: Nothing,
  }),
  activity: def({
    method: "POST",
    path: "/api/customers/activity",
    summary: "活动报名",
    auth: "none",
    body: ActivityBody,
    data: Nothing,
  }),
  denominate: def({
    method: "POST",
    path: "/api/customers/denominate",
    summary: "活动征名",
    auth: "none",
    body: DenominateBody,
    data: Nothing,
  }),
  activityCount: def({
    method: "GET",
    path: "/api/customers/activityCount",
    summary: "活动报名人数",
    auth: "none",
    query: EmptyQuery,
    data: CountData,
  }),
  putCards: def({
    method: "POST",
    path: "/api/bim/bimCustomer/putCards",
    summary: "全景页留资",
    auth: "none",
    body: PutCardsBody,
    data: Nothing,
  }),
  ...adminEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type DataOf<E extends EndpointDef> = z.infer<E["data"]>;
export type QueryOf<E extends EndpointDef> = E["query"] extends z.ZodType ? z.input<E["query"]> : never;
export type BodyOf<E extends EndpointDef> = E["body"] extends z.ZodType ? z.input<E["body"]> : never;
