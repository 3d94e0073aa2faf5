// Thin HTTP adapter for the back office's catalogue (docs/decisions/0036): the staff hook has checked
// session, CSRF and permission; the contract parses; the editors decide and audit.
import { AdminMessages, CatalogMessages, endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint, savedAnswer } from "../../http/endpoint.js";
import { staffActor } from "../staff/index.js";
import type { CatalogStructure } from "./catalog-structure.js";
import type { GoodsEditor } from "./goods-editor.js";

export function catalogAdminRoutes(
  app: FastifyInstance,
  { goods, structure }: { goods: GoodsEditor; structure: CatalogStructure },
) {
  registerEndpoint(app, endpoints.adminGoodsList, ({ query }) => goods.list(query));
  registerEndpoint(app, endpoints.adminGoodsCategories, () => goods.categories());
  registerEndpoint(app, endpoints.adminGoodsDetail, ({ query }) => goods.detail(query.id));
  registerEndpoint(
    app,
    endpoints.adminGoodsSave,
    async ({ body, request }) => savedAnswer(await goods.save(staffActor(request), body)),
    { message: AdminMessages.goodsSaved },
  );
  registerEndpoint(app, endpoints.adminGoodsCreate, ({ body, request }) => goods.create(staffActor(request), body), {
    message: CatalogMessages.goodsCreated,
  });
  registerEndpoint(app, endpoints.adminGoodsTags, () => goods.tags());

  registerEndpoint(app, endpoints.adminPackageList, () => structure.packages());
  registerEndpoint(app, endpoints.adminPackageDetail, ({ query }) => structure.packageDetail(query.id));
  registerEndpoint(
    app,
    endpoints.adminPackageItemsSave,
    ({ body, request }) => structure.savePackageItems(staffActor(request), body.id, body.items),
    { message: CatalogMessages.packageItemsSaved },
  );
  registerEndpoint(app, endpoints.adminCategoryList, () => structure.categories());
  registerEndpoint(
    app,
    endpoints.adminCategoryUpdate,
    ({ body, request }) => structure.updateCategory(staffActor(request), body),
    { message: CatalogMessages.categorySaved },
  );
}
