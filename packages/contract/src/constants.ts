// Business constants of docs/product.md §9 and the Chinese copy of docs/product.md §5 and §8, word for word.

export const REQUEST_TIMEOUT_MS = 15_000;
/** Page size of product and goods lists (docs/product.md §3, §9). */
export const PAGE_SIZE = 12;
/** Upper bound for any list's pageSize (R11: list sizes are capped). */
export const MAX_PAGE_SIZE = 100;
/** Page numbers beyond this are refused: no real catalogue is that deep. */
export const MAX_PAGE_NUMBER = 100_000;

/** Mainland mobile numbers (R3); the only numbers we ever send SMS to. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const PHONE_LENGTH = 11;

export const SCROLL_FIXED_HEADER_PX = 192;
export const SCROLL_BACK_TO_TOP_PX = 920;
export const WIDE_LAYOUT_PX = 1200;
export const EXTRA_WIDE_LAYOUT_PX = 1420;
export const BANNER_HEIGHT_PX = 482;
export const LOCATE_DELAY_MS = 1000;
export const TIP_AUTO_CLOSE_MS = 2000;
export const PROGRESS_DURATION_MS = 3000;
export const PROGRESS_HEIGHT_PX = 2;

export const TOKEN_COOKIE = "token";
export const CSRF_COOKIE = "csrf";
export const CSRF_HEADER = "x-csrf-token";
export const PHONE_STORAGE_KEY = "phoneNum";

/** Level-2 categories that supply the main menu's sub-menus, in menu order (docs/product.md §2). */
export const MENU_CATEGORY_IDS = [49, 6, 9, 8, 4, 3, 5, 50] as const;

/** Favourite kinds (docs/product.md §7) as add_favorite and remove_favorite spell their `type`: "1" goods, "2" article or case. */
export const FavoriteKind = { GOODS: "1", ARTICLE: "2" } as const;
export type FavoriteKind = (typeof FavoriteKind)[keyof typeof FavoriteKind];
/** Article types: guides and inspiration cases are both articles. */
/** The sorts of a goods list (GoodsIndexQuery.sort). */
export const GOODS_SORTS = ["default", "sales", "new", "price_asc", "price_desc"] as const;

export const ArticleType = { GUIDE: 1, CASE: 2 } as const;
/** website_configs types: 1 a covered city (the city list), 2 a city's hard-decoration unit prices. */
export const WebsiteConfigType = { CITY_LIST: 1, HARD_PRICE: 2 } as const;

export const Messages = {
  ok: "操作成功",
  requestFailed: "接口请求异常",
  networkError: "网络错误，请稍后重试",
  invalidPhone: "请输入正确的手机号",
  codeSent: "验证码发送成功",
  loginSuccess: "登陆成功",
  favoriteAdded: "收藏成功",
  favoriteRemoved: "已取消收藏",
  loginRequired: "请重新登陆",
  logoutConfirm: "是否退出当前用户？",
  logoutSuccess: "退出成功!",
  bookingSuccess: "预约成功",
  bookingSuccessDetail: "稍后会有客服联系您",
  bookingFailure: "预约失败",
  bookingFailureDetail: "稍后请重试",
  quoteProvince: "请选择省",
  quoteCity: "请选择市",
  quoteArea: "请输入面积",
  quoteAreaPositive: "请输入大于零的数字",
  quoteRoom: "请选择室",
  quoteHall: "请选择厅",
  quoteWei: "请选择卫",
  quotePhone: "请输入手机号",
  quotePhoneInvalid: "请输入正确的11位手机号",
  quoteNothingSelected: "未选",
  quoteRecalculate: "重新计算",
  /** R14: the unticked consent every lead form asks for, and what sending without it says. */
  consent: "我已阅读并同意《隐私政策》",
  consentRequired: "请先阅读并勾选同意《隐私政策》",
  /** The optional consent to be called about offers, apart from the privacy one (docs/decisions/0077). */
  marketingConsent: "同意接收优惠活动的电话回访（可选）",
  nameRequired: "请输入姓名",
  leadSent: "提交成功",
  leadFailed: "提交失败",
  notFound: "内容不存在或已下架",
  invalidInput: "请求参数有误",
  internal: "服务器开小差了，请稍后重试",
  rateLimited: "操作过于频繁，请稍后再试",
  overloaded: "当前访问人数较多，请稍后再试",
  csrf: "请求校验失败，请刷新页面后重试",
  /** The SMS human check (docs/decisions/0046): asked for, working, passed, and refused. */
  humanCheckRequired: "请先完成人机验证",
  humanCheckWorking: "正在验证…",
  humanCheckPassed: "验证通过",
  humanCheckFailed: "人机验证未通过或已过期，请重新验证",
} as const;
