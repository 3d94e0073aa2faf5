import { AdminMessages, CatalogMessages, ContentMessages, endpoints, MAX_IMAGE_BYTES, roleAllows } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint, WithMessage } from "../../http/endpoint.js";
import { AppError } from "../../lib/errors.js";
import type { AuditService, SaveOutcome } from "./audit.js";
import type { BannerDesk } from "./banner-desk.js";
import type { CatalogStructure } from "./catalog-structure.js";
import type { CityPrices } from "./city-prices.js";
import type { ContentEditor } from "./content-editor.js";
import type { GoodsEditor } from "./goods-editor.js";
import type { ImageUploads } from "./image-upload.js";
import type { LeadPipeline } from "./lead-pipeline.js";
import type { OrderDesk } from "./order-desk.js";
import type { SettingsEditor } from "./settings-editor.js";
import { type AdminCookiePolicy, clearStaffCookie, setStaffCookie } from "./staff-cookie.js";
import { requireStaff } from "./staff-hook.js";
import { actorOf, meOf, type StaffService } from "./staff-service.js";
import type { StoreDesk } from "./store-desk.js";

// Thin HTTP adapter for /api/admin: the staff hook has checked session, CSRF and permission; the
// contract parses; the services decide and audit.

/** A save's answer: its data, with '没有修改' instead of the usual message when it changed nothing. */
const saved = <T>({ result, changed }: SaveOutcome<T>) =>
  changed ? result : new WithMessage(result, AdminMessages.unchanged);

export function adminRoutes(
  app: FastifyInstance,
  services: {
    staff: StaffService;
    leads: LeadPipeline;
    orders: OrderDesk;
    goods: GoodsEditor;
    content: ContentEditor;
    settings: SettingsEditor;
    audit: AuditService;
    images: ImageUploads;
  },
  cookies: AdminCookiePolicy,
) {
  const { staff, leads, orders, goods, content, settings, audit, images } = services;

  registerEndpoint(
    app,
    endpoints.adminLogin,
    async ({ body, request, reply }) => {
      const { member, session } = await staff.login(body.username, body.password, request.ip);
      setStaffCookie(reply, session.token, cookies);
      return meOf(member);
    },
    { message: AdminMessages.loginSuccess },
  );
  registerEndpoint(
    app,
    endpoints.adminLogout,
    async ({ request, reply }) => {
      await staff.logout(requireStaff(request), request.ip);
      clearStaffCookie(reply, cookies);
      return null;
    },
    { message: AdminMessages.loggedOut },
  );
  registerEndpoint(app, endpoints.adminMe, ({ request }) => meOf(requireStaff(request)));
  registerEndpoint(
    app,
    endpoints.adminChangePassword,
    async ({ body, request }) =>
      meOf(await staff.changePassword(requireStaff(request), body.currentPassword, body.newPassword, request.ip)),
    { message: AdminMessages.passwordChanged },
  );

  // Each part only for a role that may open its section: 运营 has the dashboard but neither leads nor orders.
  registerEndpoint(app, endpoints.adminDashboard, async ({ request }) => {
    const { role } = requireStaff(request);
    const [board, figures] = await Promise.all([
      roleAllows(role, "leads") ? leads.dashboard() : null,
      roleAllows(role, "orders") ? orders.figures() : null,
    ]);
    return { leads: board, orders: figures };
  });

  registerEndpoint(app, endpoints.adminStaffList, () => staff.list());
  registerEndpoint(app, endpoints.adminStaffCreate, ({ body, request }) =>
    staff.create(actorOf(requireStaff(request), request.ip), body),
  );
  registerEndpoint(app, endpoints.adminStaffUpdate, async ({ body, request }) => {
    const member = requireStaff(request);
    return saved(await staff.update(member, actorOf(member, request.ip), body));
  });
  registerEndpoint(app, endpoints.adminStaffResetPassword, ({ body, request }) =>
    staff.resetPassword(actorOf(requireStaff(request), request.ip), body.id),
  );

  registerEndpoint(app, endpoints.adminLeadList, ({ query }) => leads.list(query));
  registerEndpoint(app, endpoints.adminLeadDetail, ({ query }) => leads.detail(query.id));
  registerEndpoint(app, endpoints.adminLeadAssignees, () => leads.assignees());
  registerEndpoint(app, endpoints.adminLeadRevealPhone, ({ body, request }) =>
    leads.revealPhone(actorOf(requireStaff(request), request.ip), body.id),
  );
  registerEndpoint(app, endpoints.adminLeadUpdate, async ({ body, request }) => {
    const member = requireStaff(request);
    return saved(await leads.update(member.id, actorOf(member, request.ip), body));
  });
  registerEndpoint(app, endpoints.adminLeadExport, ({ body, request }) =>
    leads.export(actorOf(requireStaff(request), request.ip), body),
  );

  registerEndpoint(app, endpoints.adminOrderList, ({ query }) => orders.list(query));
  registerEndpoint(app, endpoints.adminOrderDetail, ({ query }) => orders.detail(query.orderNo));
  registerEndpoint(
    app,
    endpoints.adminOrderShip,
    ({ body, request }) => orders.ship(actorOf(requireStaff(request), request.ip), body),
    { message: AdminMessages.orderShipped },
  );
  registerEndpoint(
    app,
    endpoints.adminOrderComplete,
    ({ body, request }) => orders.complete(actorOf(requireStaff(request), request.ip), body),
    { message: AdminMessages.orderCompleted },
  );
  registerEndpoint(
    app,
    endpoints.adminOrderCancel,
    ({ body, request }) => orders.cancel(actorOf(requireStaff(request), request.ip), body),
    { message: AdminMessages.orderCancelled },
  );
  registerEndpoint(app, endpoints.adminPaymentIssues, () => orders.unreconciled());

  registerEndpoint(app, endpoints.adminGoodsList, ({ query }) => goods.list(query));
  registerEndpoint(app, endpoints.adminGoodsCategories, () => goods.categories());
  registerEndpoint(app, endpoints.adminGoodsDetail, ({ query }) => goods.detail(query.id));
  registerEndpoint(
    app,
    endpoints.adminGoodsSave,
    async ({ body, request }) => saved(await goods.save(actorOf(requireStaff(request), request.ip), body)),
    { message: AdminMessages.goodsSaved },
  );

  registerEndpoint(app, endpoints.adminArticleList, ({ query }) => content.list(query));
  registerEndpoint(app, endpoints.adminArticleOptions, () => content.options());
  registerEndpoint(app, endpoints.adminArticleDetail, ({ query }) => content.detail(query.id));
  registerEndpoint(
    app,
    endpoints.adminArticleSave,
    ({ body, request }) => content.save(actorOf(requireStaff(request), request.ip), body),
    { message: ContentMessages.articleSaved },
  );
  registerEndpoint(
    app,
    endpoints.adminArticleDelete,
    ({ body, request }) => content.remove(actorOf(requireStaff(request), request.ip), body.id),
    { message: ContentMessages.articleDeleted },
  );
  registerEndpoint(app, endpoints.adminSitePageList, () => content.pages());
  registerEndpoint(app, endpoints.adminSitePageDetail, ({ query }) => content.page(query.slug));
  registerEndpoint(
    app,
    endpoints.adminSitePageSave,
    ({ body, request }) => content.savePage(actorOf(requireStaff(request), request.ip), body),
    { message: ContentMessages.pageSaved },
  );

  registerEndpoint(app, endpoints.adminSettingsDetail, () => settings.detail());
  registerEndpoint(
    app,
    endpoints.adminSettingsSave,
    ({ body, request }) => settings.save(actorOf(requireStaff(request), request.ip), body),
    { message: ContentMessages.settingsSaved },
  );
  registerEndpoint(
    app,
    endpoints.adminCityAdd,
    ({ body, request }) => settings.addCity(actorOf(requireStaff(request), request.ip), body),
    { message: ContentMessages.cityAdded },
  );
  registerEndpoint(
    app,
    endpoints.adminCityRemove,
    ({ body, request }) => settings.removeCity(actorOf(requireStaff(request), request.ip), body.id),
    { message: ContentMessages.cityRemoved },
  );

  registerEndpoint(app, endpoints.adminAuditList, ({ query }) => audit.list(query));

  // The upload's body is the picture itself, whatever type it declares (the service reads the type
  // from the bytes), in its own scope: every other route keeps taking JSON only. The staff hook has
  // checked session, CSRF and permission before any byte is read (ADR 0030).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_IMAGE_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.addHook("onRequest", async (request) => {
      if (Number(request.headers["content-length"]) > MAX_IMAGE_BYTES) {
        throw new AppError("invalid_input", AdminMessages.imageTooLarge);
      }
    });
    // A body sent without its length (chunked) stops at the limit too: the same message. Any other
    // error goes on to the app's handler.
    scope.setErrorHandler((error) => {
      if ((error as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        throw new AppError("invalid_input", AdminMessages.imageTooLarge);
      }
      throw error;
    });
    registerEndpoint(
      scope,
      endpoints.adminMediaUpload,
      ({ query, request }) => images.upload(actorOf(requireStaff(request), request.ip), query.purpose, request.body),
      { message: AdminMessages.imageUploaded },
    );
  });
}

// Thin HTTP adapter for the back office's catalogue (docs/decisions/0036): the staff hook has checked
// session, CSRF and permission; the contract parses; the services decide and audit.
export function adminCatalogRoutes(
  app: FastifyInstance,
  services: {
    goods: GoodsEditor;
    structure: CatalogStructure;
    banners: BannerDesk;
    stores: StoreDesk;
    prices: CityPrices;
  },
) {
  const { goods, structure, banners, stores, prices } = services;
  const actor = (request: Parameters<typeof requireStaff>[0]) => actorOf(requireStaff(request), request.ip);

  registerEndpoint(app, endpoints.adminGoodsCreate, ({ body, request }) => goods.create(actor(request), body), {
    message: CatalogMessages.goodsCreated,
  });
  registerEndpoint(app, endpoints.adminGoodsTags, () => goods.tags());

  registerEndpoint(app, endpoints.adminPackageList, () => structure.packages());
  registerEndpoint(app, endpoints.adminPackageDetail, ({ query }) => structure.packageDetail(query.id));
  registerEndpoint(
    app,
    endpoints.adminPackageItemsSave,
    ({ body, request }) => structure.savePackageItems(actor(request), body.id, body.items),
    { message: CatalogMessages.packageItemsSaved },
  );
  registerEndpoint(app, endpoints.adminCategoryList, () => structure.categories());
  registerEndpoint(
    app,
    endpoints.adminCategoryUpdate,
    ({ body, request }) => structure.updateCategory(actor(request), body),
    { message: CatalogMessages.categorySaved },
  );

  registerEndpoint(app, endpoints.adminBannerList, ({ query }) => banners.list(query));
  registerEndpoint(app, endpoints.adminBannerCreate, ({ body, request }) => banners.create(actor(request), body), {
    message: CatalogMessages.bannerSaved,
  });
  registerEndpoint(
    app,
    endpoints.adminBannerUpdate,
    ({ body: { id, ...input }, request }) => banners.update(actor(request), id, input),
    { message: CatalogMessages.bannerSaved },
  );
  registerEndpoint(app, endpoints.adminBannerDelete, ({ body, request }) => banners.remove(actor(request), body.id), {
    message: CatalogMessages.bannerDeleted,
  });
  registerEndpoint(app, endpoints.adminBannerSort, ({ body, request }) => banners.sort(actor(request), body.ids), {
    message: CatalogMessages.bannersSorted,
  });

  registerEndpoint(app, endpoints.adminStoreList, ({ query }) => stores.list(query));
  registerEndpoint(app, endpoints.adminStoreCreate, ({ body, request }) => stores.create(actor(request), body), {
    message: CatalogMessages.storeSaved,
  });
  registerEndpoint(
    app,
    endpoints.adminStoreUpdate,
    ({ body: { id, ...input }, request }) => stores.update(actor(request), id, input),
    { message: CatalogMessages.storeSaved },
  );
  registerEndpoint(app, endpoints.adminStoreDelete, ({ body, request }) => stores.remove(actor(request), body.id), {
    message: CatalogMessages.storeDeleted,
  });

  registerEndpoint(app, endpoints.adminCityPricesList, () => prices.list());
  registerEndpoint(app, endpoints.adminCityPricesSave, ({ body, request }) => prices.save(actor(request), body), {
    message: CatalogMessages.pricesSaved,
  });
}
