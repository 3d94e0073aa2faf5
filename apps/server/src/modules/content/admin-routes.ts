// Thin HTTP adapter for the back office's articles, banners and stores (R16, docs/decisions/0036):
// the staff hook has checked session, CSRF and permission; the contract parses; the editors decide
// and audit.
import { CatalogMessages, ContentMessages, endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import { staffActor } from "../staff/index.js";
import type { BannerDesk } from "./banner-desk.js";
import type { ContentEditor } from "./content-editor.js";
import type { StoreDesk } from "./store-desk.js";

export function contentAdminRoutes(
  app: FastifyInstance,
  { content, banners, stores }: { content: ContentEditor; banners: BannerDesk; stores: StoreDesk },
) {
  registerEndpoint(app, endpoints.adminArticleList, ({ query }) => content.list(query));
  registerEndpoint(app, endpoints.adminArticleOptions, () => content.options());
  registerEndpoint(app, endpoints.adminArticleDetail, ({ query }) => content.detail(query.id));
  registerEndpoint(app, endpoints.adminArticleSave, ({ body, request }) => content.save(staffActor(request), body), {
    message: ContentMessages.articleSaved,
  });
  registerEndpoint(
    app,
    endpoints.adminArticleDelete,
    ({ body, request }) => content.remove(staffActor(request), body.id),
    { message: ContentMessages.articleDeleted },
  );

  registerEndpoint(app, endpoints.adminBannerList, ({ query }) => banners.list(query));
  registerEndpoint(app, endpoints.adminBannerCreate, ({ body, request }) => banners.create(staffActor(request), body), {
    message: CatalogMessages.bannerSaved,
  });
  registerEndpoint(
    app,
    endpoints.adminBannerUpdate,
    ({ body: { id, ...input }, request }) => banners.update(staffActor(request), id, input),
    { message: CatalogMessages.bannerSaved },
  );
  registerEndpoint(
    app,
    endpoints.adminBannerDelete,
    ({ body, request }) => banners.remove(staffActor(request), body.id),
    { message: CatalogMessages.bannerDeleted },
  );
  registerEndpoint(app, endpoints.adminBannerSort, ({ body, request }) => banners.sort(staffActor(request), body.ids), {
    message: CatalogMessages.bannersSorted,
  });

  registerEndpoint(app, endpoints.adminStoreList, ({ query }) => stores.list(query));
  registerEndpoint(app, endpoints.adminStoreCreate, ({ body, request }) => stores.create(staffActor(request), body), {
    message: CatalogMessages.storeSaved,
  });
  registerEndpoint(
    app,
    endpoints.adminStoreUpdate,
    ({ body: { id, ...input }, request }) => stores.update(staffActor(request), id, input),
    { message: CatalogMessages.storeSaved },
  );
  registerEndpoint(
    app,
    endpoints.adminStoreDelete,
    ({ body, request }) => stores.remove(staffActor(request), body.id),
    {
      message: CatalogMessages.storeDeleted,
    },
  );
}
