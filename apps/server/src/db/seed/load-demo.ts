// Loads the demo shop in one transaction: on first start (once, recorded in seed_state) or, with
// reset, replacing the catalogue and content (npm run seed).
import { WebsiteConfigType } from "@yj/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.js";
import {
  articles,
  articleTags,
  banners,
  estimateRates,
  goods,
  goodsCategories,
  goodsSkus,
  goodsTags,
  media,
  packageItems,
  seedState,
  siteSettings,
  stores,
  websiteConfigs,
} from "../schema.js";
import { buildDemoData } from "./demo-data.js";

/** Bump when the demo data changes shape; a database seeded with an older version is not reseeded automatically. */
const DEMO_VERSION = 1;
const SEED_NAME = "demo";

/** Inserts in slices so no statement exceeds PostgreSQL's 65,535 bind parameters. */
async function insertAll<T>(rows: T[], insert: (slice: T[]) => Promise<unknown>, size = 200) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Returns true when data was written. */
export async function loadDemoData(db: Db, { reset }: { reset: boolean }): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!reset) {
      const [done] = await tx.select().from(seedState).where(eq(seedState.name, SEED_NAME));
      if (done) return false;
    }
    await tx.execute(
      sql`truncate table ${packageItems}, ${goodsSkus}, ${goods}, ${goodsTags}, ${goodsCategories}, ${articles}, ${articleTags}, ${stores}, ${banners}, ${websiteConfigs}, ${siteSettings}, ${media}, ${estimateRates} restart identity cascade`,
    );
    const data = buildDemoData();

    await tx.insert(siteSettings).values(data.settings);
    await tx.insert(goodsCategories).values(data.categories);
    await tx.insert(goodsTags).values(data.goodsTags);
    await insertAll(data.goods, (slice) =>
      tx.insert(goods).values(slice.map(({ skus: _s, packageItems: _p, ...g }) => g)),
    );
    await insertAll(
      data.goods.flatMap((g) => g.skus.map((s, sort) => ({ sort, ...s, goodsId: g.id }))),
      (slice) => tx.insert(goodsSkus).values(slice),
    );
    await insertAll(
      data.goods.flatMap((g) => (g.packageItems ?? []).map((item, sort) => ({ sort, ...item, packageId: g.id }))),
      (slice) => tx.insert(packageItems).values(slice),
    );
    await tx.insert(articleTags).values(data.articleTags);
    await insertAll(data.articles, (slice) => tx.insert(articles).values(slice));
    await insertAll(data.stores, (slice) => tx.insert(stores).values(slice));
    await tx.insert(banners).values(data.banners);
    await insertAll(
      [
        ...data.cities.map((c, sort) => ({ type: WebsiteConfigType.CITY_LIST, content: { ...c }, sort })),
        ...data.hardPrices.map((p, sort) => ({ type: WebsiteConfigType.HARD_PRICE, content: { ...p }, sort })),
      ],
      (slice) => tx.insert(websiteConfigs).values(slice),
    );
    await insertAll(data.estimateRates, (slice) => tx.insert(estimateRates).values(slice));
    await insertAll(data.media, (slice) => tx.insert(media).values(slice), 100);

    // Rows were inserted with explicit ids: move the serial sequences past them.
    for (const table of ["goods", "articles", "stores", "banners"]) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
      );
    }
    await tx
      .insert(seedState)
      .values({ name: SEED_NAME, version: DEMO_VERSION })
      .onConflictDoUpdate({ target: seedState.name, set: { version: DEMO_VERSION, loadedAt: sql`now()` } });
    return true;
  });
}
