// Once per `vitest run`: a place for the run's database templates (support/database-templates.ts),
// and, at the end, their removal: the directory and the PostgreSQL templates.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
// The provided value's type (ProvidedContext) is declared there.
import type {} from "./database-templates.js";

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "yj-test-templates-"));
  const postgresPrefix = `yj_template_${randomBytes(4).toString("hex")}_`;
  project.provide("databaseTemplates", { dir, postgresPrefix });
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where starts_with(datname, $1)",
        [postgresPrefix],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
