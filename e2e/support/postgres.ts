// A throw-away PostgreSQL database on TEST_DATABASE_URL's server for one suite, dropped afterwards
// (as apps/server/test/helper.ts does for the API tests).
import { randomBytes } from "node:crypto";
import pg from "pg";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export interface FreshDatabase {
  url: string;
  /** One statement on its own connection. */
  query<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function freshDatabase(adminUrl: string): Promise<FreshDatabase> {
  const name = `yj_e2e_${randomBytes(6).toString("hex")}`;
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: (text, values) => withClient(url.toString(), async (c) => (await c.query(text, values)).rows),
    drop: () => withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
