// Once per `vitest run`, before the first test file: the run's database templates
// (support/database-templates.ts), built here so that no test's hook timeout pays for them, and, at
// the end, their removal: the directory and the PostgreSQL templates.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { adminClient, buildTemplates, type TemplatePlace } from "./database-templates.js";

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: TemplatePlace | undefined;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "yj-test-templates-"));
  const postgresPrefix = `yj_template_${randomBytes(4).toString("hex")}_`;
  const place = { dir, postgresPrefix };
  project.provide("databaseTemplates", place);
  const teardown = async () => {
    rmSync(dir, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const admin = adminClient(adminUrl);
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
  try {
    await buildTemplates(place, process.env.TEST_DATABASE_URL);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
