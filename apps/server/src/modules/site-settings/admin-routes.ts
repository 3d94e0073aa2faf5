// Thin HTTP adapter for the back office's site settings, covered cities and city prices (R16,
// docs/decisions/0036): the staff hook has checked session, CSRF and permission; the contract
// parses; the editors decide and audit.
import { CatalogMessages, ChatMessages, ContentMessages, endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import { staffActor } from "../staff/index.js";
import type { CityPrices } from "./city-prices.js";
import type { SettingsEditor } from "./settings-editor.js";

export function siteSettingsAdminRoutes(
  app: FastifyInstance,
  { settings, prices }: { settings: SettingsEditor; prices: CityPrices },
) {
  registerEndpoint(app, endpoints.adminSettingsDetail, () => settings.detail());
  registerEndpoint(app, endpoints.adminSettingsSave, ({ body, request }) => settings.save(staffActor(request), body), {
    message: ContentMessages.settingsSaved,
  });
  registerEndpoint(app, endpoints.adminChatSettings, () => settings.chatDetail());
  registerEndpoint(
    app,
    endpoints.adminChatSettingsSave,
    ({ body, request }) => settings.saveChat(staffActor(request), body),
    { message: ChatMessages.chatSettingsSaved },
  );
  registerEndpoint(
    app,
    endpoints.adminFilingsSave,
    ({ body, request }) => settings.saveFilings(staffActor(request), body),
    { message: ContentMessages.filingsSaved },
  );
  registerEndpoint(
    app,
    endpoints.adminRetentionSave,
    ({ body, request }) => settings.saveRetention(staffActor(request), body),
    { message: ContentMessages.retentionSaved },
  );
  registerEndpoint(app, endpoints.adminCityAdd, ({ body, request }) => settings.addCity(staffActor(request), body), {
    message: ContentMessages.cityAdded,
  });
  registerEndpoint(
    app,
    endpoints.adminCityRemove,
    ({ body, request }) => settings.removeCity(staffActor(request), body.id),
    { message: ContentMessages.cityRemoved },
  );
  registerEndpoint(app, endpoints.adminCityPricesList, () => prices.list());
  registerEndpoint(app, endpoints.adminCityPricesSave, ({ body, request }) => prices.save(staffActor(request), body), {
    message: CatalogMessages.pricesSaved,
  });
}
