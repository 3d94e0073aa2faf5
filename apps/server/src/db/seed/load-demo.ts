// Loads the demo shop in one transaction: on first start (once, recorded in seed_state) or, with
// reset, replacing the catalogue and content (npm run seed). It never destroys what the demo did not
// write: a database holding other catalogue or content rows is refused, and the reset's TRUNCATE
// has no CASCADE, so a table that refers to the goods (orders, carts, leads) makes it refuse too.
// A reset also refuses a shop that is in use (customers, orders, payments, leads, staff, back-office
// edits): putting the demo's stock back under live orders would sell it twice (docs/decisions/0045).

import { WebsiteConfigType } from "@yj/contract";
import { count, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client.js";
import {
  articles,
  articleTags,
  auditLog,
  banners,
  cartItems,
  customers,
  estimateRates,
  goods,
  goodsCategories,
  goodsSkus,
  goodsTags,
  leads,
  media,
  orders,
  packageItems,
  payments,
  projectChangeOrders,
  projectInstalments,
  projectStageRecords,
  projectStages,
  projects,
  projectVersions,
  seedState,
  sitePages,
  siteSettings,
  staff,
  stores,
  websiteConfigs,
} from "../schema.js";
import { buildDemoData, type DemoData } from "./demo-data.js";
import { DEMO_STAFF, DEMO_STAFF_USERNAMES, type DemoTeam } from "./demo-projects.js";

/** Bump when the demo data changes shape; a database seeded with an older version is not reseeded automatically. */
const DEMO_VERSION = 1;
const SEED_NAME = "demo";

/** The demo would have to write over or delete rows it did not write; nothing was changed. */
export class DemoDataRefusedError extends Error {
  override name = "DemoDataRefusedError";
}

/** PostgreSQL: "cannot truncate a table referenced in a foreign key constraint". */
const FEATURE_NOT_SUPPORTED = "0A000";
/** PostgreSQL: a delete would leave a row of another table pointing at nothing. */
const FOREIGN_KEY_VIOLATION = "23503";

/** Ids count from 1 in insertion order (rows without an id of their own in the demo data). */
const idsUpTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Every table the demo writes, with the key of each row it writes there. */
function demoRows(data: DemoData): { name: string; table: PgTable; key: PgColumn; keys: (number | string)[] }[] {
  return [
    { name: "goods", table: goods, key: goods.id, keys: data.goods.map((g) => g.id) },
    { name: "goods_skus", table: goodsSkus, key: goodsSkus.id, keys: idsUpTo(demoSkus(data).length) },
    { name: "package_items", table: packageItems, key: packageItems.id, keys: idsUpTo(demoPackageItems(data).length) },
    {
      name: "goods_categories",
      table: goodsCategories,
      key: goodsCategories.id,
      keys: data.categories.map((c) => c.id),
    },
    { name: "goods_tags", table: goodsTags, key: goodsTags.id, keys: data.goodsTags.map((t) => t.id) },
    { name: "articles", table: articles, key: articles.id, keys: data.articles.map((a) => a.id) },
    { name: "article_tags", table: articleTags, key: articleTags.id, keys: data.articleTags.map((t) => t.id) },
    { name: "stores", table: stores, key: stores.id, keys: data.stores.map((s) => s.id) },
    { name: "banners", table: banners, key: banners.id, keys: data.banners.map((b) => b.id) },
    { name: "website_configs", table: websiteConfigs, key: websiteConfigs.id, keys: idsUpTo(demoConfigs(data).length) },
    { name: "site_settings", table: siteSettings, key: siteSettings.id, keys: [data.settings.id] },
    { name: "site_pages", table: sitePages, key: sitePages.slug, keys: data.pages.map((p) => p.slug) },
    { name: "media", table: media, key: media.key, keys: data.media.map((m) => m.key) },
    ...projectRows(data),
  ];
}

/** The demo projects' tables: their rows carry explicit ids, 1, 2, … in each table. */
function projectRows(data: DemoData) {
  const p = data.projects;
  const ids = (rows: { id?: number }[]) => rows.map((r) => r.id ?? 0);
  return [
    { name: "projects", table: projects, key: projects.id, keys: ids(p.projects) },
    { name: "project_stages", table: projectStages, key: projectStages.id, keys: ids(p.stages) },
    { name: "project_stage_records", table: projectStageRecords, key: projectStageRecords.id, keys: ids(p.records) },
    { name: "project_instalments", table: projectInstalments, key: projectInstalments.id, keys: ids(p.instalments) },
    {
      name: "project_change_orders",
      table: projectChangeOrders,
      key: projectChangeOrders.id,
      keys: ids(p.changeOrders),
    },
    { name: "project_versions", table: projectVersions, key: projectVersions.id, keys: ids(p.versions) },
  ];
}

const demoSkus = (data: DemoData) =>
  data.goods
    .flatMap((g) => g.skus.map((s, sort) => ({ sort, ...s, goodsId: g.id })))
    .map((row, i) => ({ ...row, id: i + 1 }));

const demoPackageItems = (data: DemoData) =>
  data.goods
    .flatMap((g) => (g.packageItems ?? []).map((item, sort) => ({ sort, ...item, packageId: g.id })))
    .map((row, i) => ({ ...row, id: i + 1 }));

const demoConfigs = (data: DemoData) =>
  [
    ...data.cities.map((c, sort) => ({ type: WebsiteConfigType.CITY_LIST, content: { ...c }, sort })),
    ...data.hardPrices.map((p, sort) => ({ type: WebsiteConfigType.HARD_PRICE, content: { ...p }, sort })),
  ].map((row, i) => ({ ...row, id: i + 1 }));

/**
 * The tables holding rows the demo did not write: any row at all when the demo never loaded (its
 * marker and its rows are written in one transaction), else rows with keys the demo does not use.
 */
async function tablesWithOtherRows(tx: Db, data: DemoData, demoLoaded: boolean): Promise<string[]> {
  const found: string[] = [];
  for (const { name, table, key, keys } of demoRows(data)) {
    const [row] = await tx
      .select({ n: count() })
      .from(table)
      .where(demoLoaded ? notInArray(key, keys) : undefined);
    if ((row?.n ?? 0) > 0) found.push(name);
  }
  return found;
}

/** Audit actions that are sessions, not edits: a login changes nothing a reset would lose. */
const SESSION_ACTIONS = ["staff.login", "staff.logout", "staff.lockout", "staff.password"];

/**
 * What shows a shop in use, counted before a reset. `always`: a reset under it corrupts the shop
 * (the demo's stock put back under live orders, payments for goods that change), so nothing lets it
 * through; the others are the owner's to sacrifice with --force.
 */
const SHOP_DATA: { label: (n: number) => string; table: PgTable; where?: SQL; always: boolean }[] = [
  { label: (n) => `${n} order${n === 1 ? "" : "s"}`, table: orders, always: true },
  { label: (n) => `${n} payment${n === 1 ? "" : "s"}`, table: payments, always: true },
  { label: (n) => `${n} customer${n === 1 ? "" : "s"}`, table: customers, always: false },
  { label: (n) => `${n} lead${n === 1 ? "" : "s"}`, table: leads, always: false },
  // The demo's own staff (the projects' teams, docs/decisions/0079) are not the shop's.
  {
    label: (n) => `${n} staff member${n === 1 ? "" : "s"}`,
    table: staff,
    where: notInArray(staff.username, [...DEMO_STAFF_USERNAMES]),
    always: false,
  },
  {
    label: (n) => `${n} back-office edit${n === 1 ? "" : "s"}`,
    table: auditLog,
    where: notInArray(auditLog.action, SESSION_ACTIONS),
    always: false,
  },
];

/** The shop's own data a reset would betray, as "3 orders, 1 payment"; empty when there is none. */
async function shopDataFound(tx: Db, force: boolean): Promise<{ found: string[]; blocking: boolean }> {
  const found: string[] = [];
  let blocking = false;
  for (const { label, table, where, always } of SHOP_DATA) {
    const [row] = await tx.select({ n: count() }).from(table).where(where);
    const n = row?.n ?? 0;
    if (n === 0) continue;
    found.push(label(n));
    if (always || !force) blocking = true;
  }
  return { found, blocking };
}

/** Inserts in slices so no statement exceeds PostgreSQL's 65,535 bind parameters. */
async function insertAll<T>(rows: T[], insert: (slice: T[]) => Promise<unknown>, size = 200) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Returns true when data was written. Throws DemoDataRefusedError, changing nothing, when that would
 * overwrite or delete rows the demo did not write.
 */
export async function loadDemoData(
  db: Db,
  { reset, force = false }: { reset: boolean; force?: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx.select().from(seedState).where(eq(seedState.name, SEED_NAME));
    if (done && !reset) return false;
    // Built only when it will be written: a restart on seeded data skips drawing ~700 pictures (P8).
    const data = buildDemoData();
    if (reset) {
      const { found, blocking } = await shopDataFound(tx, force);
      if (blocking) throw new DemoDataRefusedError(shopInUseMessage(found, force));
    }
    const others = await tablesWithOtherRows(tx, data, done !== undefined);
    if (others.length > 0) {
      const held = `The database holds rows not written by the demo (${others.join(", ")})`;
      throw new DemoDataRefusedError(
        reset
          ? `${held}, so the demo data was not reset: a reset would delete them.`
          : `${held}, so the demo data was not loaded. Use an empty database for the demo shop, or set SEED_DEMO=false.`,
      );
    }
    if (done) await truncateDemoTables(tx);
    await insertDemoData(tx, data);
    await writeEstimateRates(tx, data, { replace: done !== undefined });
    await tx
      .insert(seedState)
      .values({ name: SEED_NAME, version: DEMO_VERSION })
      .onConflictDoUpdate({ target: seedState.name, set: { version: DEMO_VERSION, loadedAt: sql`now()` } });
    return true;
  });
}

function shopInUseMessage(found: string[], force: boolean): string {
  const what = `The shop is in use (${found.join(", ")}), so the demo data was not reset: a reset would put the demo's stock and prices back under them.`;
  return force
    ? `${what} --force does not reset a shop with orders or payments; use a new database for the demo shop.`
    : `${what} Use a new database for the demo shop; without orders or payments, \`npm run seed -- --force\` resets anyway.`;
}

/** Without CASCADE: a table outside the demo's that refers to one of these makes PostgreSQL refuse. */
async function truncateDemoTables(tx: Db) {
  // Carts point at goods with a foreign key, so the (empty) cart table goes with them; a cart with
  // lines is a customer's and stops the reset instead.
  const [cartLine] = await tx.select({ id: cartItems.id }).from(cartItems).limit(1);
  if (cartLine) {
    throw new DemoDataRefusedError(
      "Customers' carts refer to the demo's goods, so the demo data was not reset: that would delete them.",
    );
  }
  try {
    // Payments may point at an instalment (migration 0016), and TRUNCATE refuses a table any foreign
    // key points at, even from an empty table: the projects' rows are deleted instead, children first
    // (a payment still pointing at one stops the reset; the serial sequences are set after the load).
    for (const table of [
      projectVersions,
      projectChangeOrders,
      projectInstalments,
      projectStageRecords,
      projectStages,
      projects,
    ]) {
      await tx.delete(table);
    }
    await tx.execute(
      sql`truncate table ${cartItems}, ${packageItems}, ${goodsSkus}, ${goods}, ${goodsTags}, ${goodsCategories}, ${articles}, ${articleTags}, ${stores}, ${banners}, ${websiteConfigs}, ${siteSettings}, ${sitePages}, ${media} restart identity`,
    );
  } catch (error) {
    const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
    if (code !== FEATURE_NOT_SUPPORTED && code !== FOREIGN_KEY_VIOLATION) throw error;
    throw new DemoDataRefusedError(
      "Other tables refer to the demo's catalogue or content (for example orders or carts referring to goods), " +
        "so the demo data was not reset: that would delete them.",
    );
  }
}

/** A stored password that matches none (staff passwords are "scrypt$…", modules/staff/passwords.ts). */
const NO_PASSWORD = "!demo-staff-no-password";

/**
 * The demo projects' team members (docs/decisions/0079), by username: written when missing, kept
 * when there (a reset deletes the projects, never staff, who may have logged in and acted since).
 * None has a password: 管理员 may 重置密码 one to try the back office as them (a one-time password,
 * changed at first login as any new member's).
 */
async function writeDemoStaff(tx: Db): Promise<Map<string, number>> {
  const [existing] = await tx
    .select({ n: count() })
    .from(staff)
    .where(inArray(staff.username, [...DEMO_STAFF_USERNAMES]));
  if ((existing?.n ?? 0) < DEMO_STAFF.length) {
    const now = new Date();
    // No password at all: not a scrypt hash, so every password is refused (as "!" in a shadow file)
    // until 管理员 gives a one-time one with 重置密码. Their usernames are public in this file anyway.
    const passwordHash = NO_PASSWORD;
    await tx
      .insert(staff)
      .values(
        DEMO_STAFF.map((member) => ({
          ...member,
          passwordHash,
          mustChangePassword: true,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing({ target: staff.username });
  }
  const rows = await tx
    .select({ id: staff.id, username: staff.username })
    .from(staff)
    .where(inArray(staff.username, [...DEMO_STAFF_USERNAMES]));
  return new Map(rows.map((r) => [r.username, r.id]));
}

function withTeam(row: typeof projects.$inferInsert, teams: DemoTeam[], ids: Map<string, number>) {
  const team = teams.find((t) => t.projectId === row.id);
  if (!team) return row;
  return {
    ...row,
    designerId: ids.get(team.designer) ?? null,
    managerId: ids.get(team.manager) ?? null,
    inspectorId: ids.get(team.inspector) ?? null,
  };
}

/**
 * The estimate's room amounts per demo city and the default row (which migration 0005 already
 * wrote). A first load keeps any row already there; a reset puts the demo's figures back.
 */
async function writeEstimateRates(tx: Db, data: DemoData, { replace }: { replace: boolean }) {
  await insertAll(data.estimateRates, (slice) => {
    const insert = tx.insert(estimateRates).values(slice);
    if (!replace) return insert.onConflictDoNothing();
    const columns = Object.keys(slice[0] ?? {}).filter(
      (key) => key !== "city",
    ) as (keyof typeof estimateRates.$inferInsert)[];
    return insert.onConflictDoUpdate({
      target: estimateRates.city,
      set: Object.fromEntries(columns.map((key) => [key, sql.raw(`excluded.${toSnake(key)}`)])),
    });
  });
}

const toSnake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

async function insertDemoData(tx: Db, data: DemoData) {
  await tx.insert(siteSettings).values(data.settings);
  await tx.insert(sitePages).values(data.pages);
  await tx.insert(goodsCategories).values(data.categories);
  await tx.insert(goodsTags).values(data.goodsTags);
  await insertAll(data.goods, (slice) =>
    tx.insert(goods).values(slice.map(({ skus: _s, packageItems: _p, ...g }) => g)),
  );
  await insertAll(demoSkus(data), (slice) => tx.insert(goodsSkus).values(slice));
  await insertAll(demoPackageItems(data), (slice) => tx.insert(packageItems).values(slice));
  await tx.insert(articleTags).values(data.articleTags);
  await insertAll(data.articles, (slice) => tx.insert(articles).values(slice));
  await insertAll(data.stores, (slice) => tx.insert(stores).values(slice));
  await tx.insert(banners).values(data.banners);
  await insertAll(demoConfigs(data), (slice) => tx.insert(websiteConfigs).values(slice));
  await insertAll(data.media, (slice) => tx.insert(media).values(slice), 100);
  const p = data.projects;
  const team = await writeDemoStaff(tx);
  await tx.insert(projects).values(p.projects.map((row) => withTeam(row, p.teams, team)));
  await tx.insert(projectStages).values(p.stages);
  await tx.insert(projectStageRecords).values(p.records);
  await tx.insert(projectInstalments).values(p.instalments);
  await tx.insert(projectChangeOrders).values(p.changeOrders);
  await tx.insert(projectVersions).values(p.versions);

  // Rows were inserted with explicit ids: move the serial sequences past them.
  for (const table of [
    "goods",
    "goods_skus",
    "package_items",
    "articles",
    "stores",
    "banners",
    "website_configs",
    "projects",
    "project_stages",
    "project_stage_records",
    "project_instalments",
    "project_change_orders",
    "project_versions",
  ]) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
    );
  }
}
