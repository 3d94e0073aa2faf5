// A throw-away PostgreSQL database for targets D and E, created from an admin URL and dropped after
// (the same way apps/server/test/helper.ts does it).
import { randomBytes } from "node:crypto";
import pg from "pg";

export const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export function adminUrl(): string {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL;
}

/** The URL without its password, for printing. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparsable URL)";
  }
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** null when reachable, else why not. */
export async function unreachableReason(url: string): Promise<string | null> {
  try {
    await withAdmin(url, (c) => c.query("select 1"));
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(admin: string): Promise<ScratchDatabase> {
  const name = `yj_bench_${randomBytes(6).toString("hex")}`;
  await withAdmin(admin, (c) => c.query(`create database ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdmin(admin, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
