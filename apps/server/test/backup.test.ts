// Backups of the embedded database (ADR 0033): back up, wipe, restore, and the same goods, leads and
// customers are there; refused while a server holds the data directory; a bad file replaces nothing.
import { mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupDataDir, restoreDataDir } from "../src/db/backup.js";
import { migrateDatabase, openDatabase } from "../src/db/client.js";
import { acquireDataDirLock, DataDirInUseError } from "../src/db/data-dir-lock.js";
import { customers, goods, leads } from "../src/db/schema.js";
import { loadDemoData } from "../src/db/seed/load-demo.js";
import { templatePlace } from "./helper.js";
import { copyPgliteTemplate } from "./support/database-templates.js";

const root = mkdtempSync(join(tmpdir(), "yj-backup-"));
const dataDir = join(root, "data");
const file = join(root, "backups", "shop.tar.gz");
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What the shop holds: goods names, lead phones, customer numbers. */
async function contents() {
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const goodsNames = (await db.select({ name: goods.name }).from(goods).orderBy(goods.id)).map((r) => r.name);
    const leadPhones = (await db.select({ phone: leads.phone }).from(leads).orderBy(leads.id)).map((r) => r.phone);
    const mobiles = (await db.select({ mobile: customers.mobile }).from(customers)).map((r) => r.mobile);
    return { goodsNames, leadPhones, mobiles };
  } finally {
    await database.close();
  }
}

describe("backup and restore of the embedded database", () => {
  // A shop on disk: migrated, the demo loaded, a customer and a lead (slow on a busy machine: a hook).
  beforeAll(async () => {
    // The run's seeded template when it has one (ADR 0043), else migrated and seeded here.
    const place = templatePlace();
    if (place) renameSync((await copyPgliteTemplate(place, "seeded")).dataDir, dataDir);
    const database = await openDatabase({ dataDir });
    const now = new Date();
    if (!place) {
      await migrateDatabase(database, database.db);
      await loadDemoData(database.db, { reset: false });
    }
    await database.db.insert(customers).values({ mobile: "13800138000", createdAt: now, lastLoginAt: now });
    await database.db.insert(leads).values({
      kind: "appointment",
      phone: "13900139000",
      payload: { phone: "13900139000" },
      createdAt: now,
      updatedAt: now,
    } as typeof leads.$inferInsert);
    const [{ n } = { n: 0 }] = await database.db.select({ n: count() }).from(goods);
    expect(n).toBeGreaterThan(100);
    await database.close();
  });

  it("backs up, wipes, restores, and finds the same goods, leads and customers", { timeout: 120_000 }, async () => {
    const before = await contents();

    const { bytes } = await backupDataDir(dataDir, file);
    expect(bytes).toBeGreaterThan(100_000);
    rmSync(dataDir, { recursive: true, force: true });

    const { previous } = await restoreDataDir(file, dataDir);
    expect(previous).toBeNull();
    const after = await contents();
    expect(after).toEqual(before);
    expect(after.leadPhones).toEqual(["13900139000"]);
    expect(after.mobiles).toEqual(["13800138000"]);
  });

  it("restoring over a database keeps the replaced one beside it", { timeout: 60_000 }, async () => {
    const { previous } = await restoreDataDir(file, dataDir);
    expect(previous).toMatch(/data\.before-restore-/);
    expect(readdirSync(previous as string)).toContain("PG_VERSION");
    expect((await contents()).mobiles).toEqual(["13800138000"]);
  });

  it("refuses both while a server holds the data directory", async () => {
    const release = acquireDataDirLock(dataDir);
    try {
      await expect(backupDataDir(dataDir, join(root, "other.tar.gz"))).rejects.toThrow(DataDirInUseError);
      await expect(restoreDataDir(file, dataDir)).rejects.toThrow(DataDirInUseError);
    } finally {
      release();
    }
  });

  it("a file that is no backup replaces nothing", async () => {
    const junk = join(root, "junk.tar.gz");
    writeFileSync(junk, "not a dump");
    await expect(restoreDataDir(junk, dataDir)).rejects.toThrow();
    expect((await contents()).mobiles).toEqual(["13800138000"]);
    expect(readdirSync(root).filter((n) => n.includes("restoring"))).toEqual([]);
  });
});
