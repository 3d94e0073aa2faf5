// The brand pages' public API for other modules (docs/decisions/0040): the sitemap asks when they changed.
export { sitePageUpdates } from "./service.js";
