// Method and path of every endpoint, without zod: what the web client needs at run time (its types
// come from the endpoint table, erased by the build). The compiler checks each entry against the table.
import type { adminEndpoints } from "./admin-endpoints.js";
import type { Endpoints } from "./endpoints.js";

/** The storefront's endpoints; the back office has its own route table (admin-routes.ts). */
type StorefrontEndpointName = Exclude<keyof Endpoints, keyof typeof adminEndpoints>;

export interface Route {
  method: "GET" | "POST";
  path: `/api/${string}`;
}

export const routes = {
  goodsCategories: { method: "GET", path: "/api/goodsCategories/list" },
  goodsIndex: { method: "GET", path: "/api/goods/index" },
  goodsDetail: { method: "GET", path: "/api/goods/mail/show" },
  packageDetail: { method: "GET", path: "/api/goods/showPackage" },
  banners: { method: "GET", path: "/api/banners" },
  stores: { method: "GET", path: "/api/store/query_all_store" },
  articleTags: { method: "GET", path: "/api/article/query_all_tag" },
  articleList: { method: "GET", path: "/api/article/query_list" },
  caseFilters: { method: "GET", path: "/api/article/case_filters" },
  articleDetail: { method: "GET", path: "/api/article/query_detail" },
  cityList: { method: "GET", path: "/api/website_configs" },
  hardPrice: { method: "GET", path: "/api/website_configs/getHardPrice" },
  siteSettings: { method: "GET", path: "/api/site/settings" },
  sitePage: { method: "GET", path: "/api/site/pages" },
  regions: { method: "GET", path: "/api/regions" },
  detectCity: { method: "GET", path: "/api/geo/city" },
  sendCode: { method: "GET", path: "/api/customers/getVerificationCode" },
  register: { method: "POST", path: "/api/customers/register" },
  logout: { method: "POST", path: "/api/customers/logout" },
  currentCustomer: { method: "GET", path: "/api/customers/me" },
  favorites: { method: "GET", path: "/api/customers/query_favorites" },
  addFavorite: { method: "GET", path: "/api/customers/add_favorite" },
  removeFavorite: { method: "GET", path: "/api/customers/remove_favorite" },
  cart: { method: "GET", path: "/api/carts" },
  cartCreate: { method: "POST", path: "/api/carts/create" },
  cartCreateList: { method: "POST", path: "/api/carts/createList" },
  cartUpdate: { method: "POST", path: "/api/carts/update" },
  cartUpdateList: { method: "POST", path: "/api/carts/updateList" },
  cartDelete: { method: "POST", path: "/api/carts/delete" },
  customerInfo: { method: "GET", path: "/api/order/getCustomerInfoForShopping" },
  createOrder: { method: "POST", path: "/api/order/createOrder" },
  createOrders: { method: "POST", path: "/api/order/createOrders" },
  myOrders: { method: "GET", path: "/api/order/list" },
  orderDetail: { method: "GET", path: "/api/order/detail" },
  cancelOrder: { method: "POST", path: "/api/order/cancel" },
  afterSalePhotoUpload: { method: "POST", path: "/api/order/afterSale/photo" },
  afterSaleCreate: { method: "POST", path: "/api/order/afterSale/create" },
  alipayPrecreate: { method: "GET", path: "/api/alipay/precreate" },
  alipayQuery: { method: "GET", path: "/api/alipay/query" },
  offlinePay: { method: "POST", path: "/api/pay/offline/confirm" },
  orderRefund: { method: "POST", path: "/api/order/refund" },
  myDeposits: { method: "GET", path: "/api/pay/deposits" },
  depositRefund: { method: "POST", path: "/api/pay/deposit/refund" },
  appointment: { method: "POST", path: "/api/customers/appointment" },
  estimate: { method: "POST", path: "/api/jzx/customerPool/jj" },
  servedCount: { method: "GET", path: "/api/jzx/customerPool/num" },
  cityPartner: { method: "POST", path: "/api/cityPartner" },
  activity: { method: "POST", path: "/api/customers/activity" },
  denominate: { method: "POST", path: "/api/customers/denominate" },
  activityCount: { method: "GET", path: "/api/customers/activityCount" },
  putCards: { method: "POST", path: "/api/bim/bimCustomer/putCards" },
  myProjects: { method: "GET", path: "/api/my-project" },
  myProjectDetail: { method: "GET", path: "/api/my-project/detail" },
  myProjectCode: { method: "POST", path: "/api/my-project/code" },
  myProjectAccept: { method: "POST", path: "/api/my-project/accept" },
  myProjectObject: { method: "POST", path: "/api/my-project/object" },
  myProjectDecideChange: { method: "POST", path: "/api/my-project/approve" },
  myProjectPhotoUpload: { method: "POST", path: "/api/my-project/photo" },
  chatOpen: { method: "POST", path: "/api/chat/open" },
  chatSend: { method: "POST", path: "/api/chat/send" },
  chatPicture: { method: "POST", path: "/api/chat/picture" },
  chatHistory: { method: "GET", path: "/api/chat/history" },
  chatLead: { method: "POST", path: "/api/chat/lead" },
  myData: { method: "GET", path: "/api/my-data" },
  myDataWorkbook: { method: "GET", path: "/api/my-data/workbook" },
  myAddressSave: { method: "POST", path: "/api/my-data/address" },
  myAddressRemove: { method: "POST", path: "/api/my-data/address/remove" },
  closeAccountCode: { method: "POST", path: "/api/my-data/close/code" },
  closeAccount: { method: "POST", path: "/api/my-data/close" },
} as const satisfies { [K in StorefrontEndpointName]: Pick<Endpoints[K], "method" | "path"> };

type AnyEndpoint = Endpoints[keyof Endpoints];
/** The endpoint definition (schemas included, as types only) behind a route. */
export type EndpointOf<R extends Route> = Extract<AnyEndpoint, { method: R["method"]; path: R["path"] }>;
