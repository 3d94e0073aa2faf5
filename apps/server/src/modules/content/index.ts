// The content module's public API for other modules (docs/decisions/0040): the articles, banners
// and stores tables are written only here; what others need of them is asked here.
export { publishedArticles } from "./published-articles.js";
export { CONTENT_CACHE_PREFIX } from "./service.js";
