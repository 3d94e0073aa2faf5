// Thin HTTP adapter for the back office's brand and service pages (docs/decisions/0035): the staff
// hook has checked session, CSRF and permission; the contract parses; the editor decides and audits.
import { ContentMessages, endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import { staffActor } from "../staff/index.js";
import type { PageEditor } from "./page-editor.js";

export function sitePagesAdminRoutes(app: FastifyInstance, pages: PageEditor) {
  registerEndpoint(app, endpoints.adminSitePageList, () => pages.pages());
  registerEndpoint(app, endpoints.adminSitePageDetail, ({ query }) => pages.page(query.slug));
  registerEndpoint(app, endpoints.adminSitePageSave, ({ body, request }) => pages.savePage(staffActor(request), body), {
    message: ContentMessages.pageSaved,
  });
}
