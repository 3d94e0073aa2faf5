// How wide each picture box is at each layout, as `sizes` attributes (docs/decisions/0060): the
// browser multiplies by the screen's density and takes the smallest stored width that covers it, so
// a 375 px phone gets the small file and a 1440 px desktop no more than its box shows. Each figure
// follows the CSS that sizes the box; a few pixels too many costs nothing, too few blurs.
//
// The page column (styles/global.css .container): 16 px padding on each side below 768 px; from 768
// to 1199 px 16 px padding and 68 px more on the right for the side panel (100vw − 100px in all);
// from 1200 px at most 1200 px. The borders of a card (1 px each side) are counted in.

/** A goods card in a grid: 2 columns on phones (gap 10), 3 from 768 px, 4 from 1200 px (gap 16–20). */
export const GOODS_CARD_SIZES =
  "(min-width: 1200px) 288px, (min-width: 768px) calc((100vw - 132px) / 3), calc(50vw - 21px)";

/**
 * The product and package gallery: the whole top box on phones (its padding and borders off), 5 of
 * 11 parts beside the buying panel from 768 px, 480 px from 1200 px.
 */
export const GALLERY_SIZES =
  "(min-width: 1200px) 480px, (min-width: 768px) calc((100vw - 182px) * 5 / 11), calc(100vw - 68px)";

/** The gallery's and a case's thumbnails: fixed boxes. */
export const GALLERY_THUMB_SIZES = "72px";
export const CASE_THUMB_SIZES = "160px";

/** The home banner spans the window. */
export const BANNER_SIZES = "100vw";

/** Home's case teasers: 3 columns (gap 16) from 768 px, one on phones. */
export const HOME_CASE_SIZES =
  "(min-width: 1200px) 390px, (min-width: 768px) calc((100vw - 132px) / 3), calc(100vw - 32px)";

/**
 * A card in a card grid (guides, cases, stores; styles/parts.module.css .cardGrid): one column on
 * phones, two from 600 px (gap 16), three from 1024 px (gap 20).
 */
export const CARD_GRID_SIZES =
  "(min-width: 1200px) 387px, (min-width: 1024px) calc((100vw - 140px) / 3), (min-width: 768px) calc(50vw - 58px), (min-width: 600px) calc(50vw - 24px), calc(100vw - 32px)";

/** The same grid with four columns from 1024 px (related articles, gap 16). */
export const CARD_GRID_4_SIZES =
  "(min-width: 1200px) 288px, (min-width: 1024px) calc((100vw - 148px) / 4), (min-width: 768px) calc(50vw - 58px), (min-width: 600px) calc(50vw - 24px), calc(100vw - 32px)";

/** A favourite article on 我的收藏: 3 columns (gap 20), 2 from 768 px, on phones a 120 px cover beside the title. */
export const MY_MARK_ARTICLE_SIZES = "(min-width: 1200px) 387px, (min-width: 768px) calc(50vw - 58px), 120px";

/**
 * An article's column (a guide's cover and its body pictures): at most 800 px, inside the article's
 * box (32 px padding and a border on each side; 16 px on phones).
 */
export const ARTICLE_COLUMN_SIZES =
  "(min-width: 966px) 800px, (min-width: 768px) calc(100vw - 166px), calc(100vw - 66px)";

/** A case's large picture: beside the 320 px facts panel (gap 20) from 1024 px, the article's width below. */
export const CASE_GALLERY_SIZES =
  "(min-width: 1200px) 794px, (min-width: 1024px) calc(100vw - 506px), (min-width: 768px) calc(100vw - 166px), calc(100vw - 66px)";

/** A brand page's picture block: at most 860 px of the page column. */
export const PAGE_BLOCK_SIZES = "(min-width: 960px) 860px, (min-width: 768px) calc(100vw - 100px), calc(100vw - 32px)";

/** A small square thumbnail of the given CSS size (cart, order lines, package items, favourites). */
export const thumbSizes = (px: number) => `${px}px`;
