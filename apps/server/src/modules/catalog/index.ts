// The catalogue's public API for other modules (docs/decisions/0040): the goods tables are written
// only here; what others need of them is asked here.
export { goodsIsPublic, publicGoods } from "./goods-visibility.js";
export { addSales, giveBackStock, type StockNeed, takeBackSales, takeStock, type Units } from "./stock.js";
