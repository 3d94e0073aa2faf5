// Phone numbers never reach the log in a form a reader can decode (R14): percent-encoded, after an
// encoded space, or with the +86 / 86 country code, in request URLs and in messages alike.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { createLogger } from "../src/lib/logger.js";
import { createTestDatabase, type TestDatabase, testEnv } from "./helper.js";

const PHONE = "13812345678";

/** The log as a reader sees it: every percent escape decoded. */
function decoded(log: string): string {
  let out = log;
  for (let i = 0; i < 3; i++) {
    out = out.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
  return out;
}

// Logging is the same on either database: one empty PGlite is enough.
describe("log masking", () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase("pglite", { seed: false });
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    app = await buildApp({ env: testEnv(), database: testDb.database, logger, serveWeb: false });
    app.get("/api/__test/log-forms", async (request) => {
      request.log.info({ mobile: `+86${PHONE}` }, `login by 86${PHONE}, encoded %20${PHONE}`);
      return { code: 1, message: "ok", data: null };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.database.close();
  });

  it("masks encoded and +86 numbers in request URLs", async () => {
    for (const phone of [
      `%20${PHONE}`,
      `%2B86${PHONE}`,
      `+86${PHONE}`,
      `86${PHONE}`,
      encodeURIComponent(` ${PHONE}`),
    ]) {
      lines.length = 0;
      await app.inject(`/api/customers/getVerificationCode?phone=${phone}&timestamp=1`);
      const log = lines.join("");
      expect(lines.length, phone).toBeGreaterThan(0);
      expect(decoded(log), phone).not.toContain(PHONE);
      expect(decoded(log), phone).toContain("138****5678");
    }
    lines.length = 0;
    const fullyEncoded = [...PHONE].map((d) => `%3${d}`).join("");
    await app.inject(`/api/goods/index?name=${fullyEncoded}`);
    expect(decoded(lines.join(""))).not.toContain(PHONE);
  });

  it("masks +86 and 86 numbers in messages and fields", async () => {
    lines.length = 0;
    await app.inject("/api/__test/log-forms");
    const log = decoded(lines.join(""));
    expect(log).toContain("138****5678");
    expect(log).not.toContain(PHONE);
  });
});
