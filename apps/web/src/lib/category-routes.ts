// docs/product.md §2: the category paths and the level-2 category each one lists (defined once in the
// contract, which the server's sitemap shares).
export { CATEGORY_PATHS, categoryHref } from "@yj/contract";
