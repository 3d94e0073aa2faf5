// A package's items with the goods each links to, in the package's order: the storefront's package
// page and the back office's package editor read the same list, each keeping the fields it shows.
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { goods, packageItems } from "../../db/schema.js";

export function packageItemsOf(reader: Pick<Db, "select">, packageId: number) {
  return reader
    .select({
      id: packageItems.id,
      goodsId: packageItems.goodsId,
      goodsName: goods.name,
      images: goods.images,
      name: packageItems.name,
      quantity: packageItems.quantity,
      unit: packageItems.unit,
      room: packageItems.room,
    })
    .from(packageItems)
    .leftJoin(goods, eq(goods.id, packageItems.goodsId))
    .where(eq(packageItems.packageId, packageId))
    .orderBy(asc(packageItems.sort), asc(packageItems.id));
}
