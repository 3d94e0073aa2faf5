// Slow clients (issue #21 item 5, docs/decisions/0048): a socket that trickles its request's body
// or headers is answered 408 and closed once HTTP_REQUEST_TIMEOUT_MS or HTTP_HEADERS_TIMEOUT_MS
// has passed, instead of holding a connection for as long as the client likes; the deployed HAProxy
// bounds the request as well.
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { allowAll, createTestDatabase, type TestDatabase, testEnv } from "./helper.js";

/** Long past the configured limits: a trickle still open by then was never going to be closed. */
const GIVE_UP_MS = 15_000;

/**
 * Sends `head` (the rest of the headers byte by byte when `trickleHeaders`), then one body byte
 * every 100 ms, until the server closes the socket. Answers what the server sent, and whether it
 * closed the socket before GIVE_UP_MS.
 */
function trickle(port: number, head: string, trickleHeaders = false): Promise<{ closed: boolean; answer: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closed, answer });
    };
    const giveUp = setTimeout(() => finish(false), GIVE_UP_MS);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("close", () => finish(true));
    socket.on("error", () => {});
    socket.on("connect", () => {
      const bytes = trickleHeaders ? [...head] : [head];
      timer = setInterval(() => {
        if (socket.destroyed) return;
        socket.write(bytes.length > 0 ? (bytes.shift() as string) : "x");
      }, 100);
    });
  });
}

describe("slow clients", () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    testDb = await createTestDatabase("pglite");
    app = await buildApp({
      env: testEnv({ HTTP_REQUEST_TIMEOUT_MS: "1500", HTTP_HEADERS_TIMEOUT_MS: "1000" }),
      database: testDb.database,
      serveWeb: false,
      accounts: { limiter: allowAll },
      leads: { runDelivery: false },
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await testDb?.database.close();
  });

  it("bounds a request by default: 30 s for the whole of it, 10 s for its headers", () => {
    const env = testEnv();
    expect([env.HTTP_REQUEST_TIMEOUT_MS, env.HTTP_HEADERS_TIMEOUT_MS]).toEqual([30_000, 10_000]);
  });

  it("answers 408 and closes a socket that trickles a request body", async () => {
    const head =
      "POST /api/customers/appointment HTTP/1.1\r\nHost: shop.example\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{";
    const { closed, answer } = await trickle(port, head);
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  it("answers 408 and closes a socket that trickles its headers", async () => {
    const { closed, answer } = await trickle(
      port,
      "GET /api/goodsCategories/list HTTP/1.1\r\nHost: shop.example\r\n",
      true,
    );
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  it("still serves a client that sends its request at an ordinary pace", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/goodsCategories/list`);
    expect(res.status).toBe(200);
  });

  it("the deployed HAProxy bounds a request's headers and body too (timeout http-request, buffered body)", () => {
    for (const file of ["deploy/haproxy.cfg", "deploy/systemd/haproxy.cfg"]) {
      const config = readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");
      expect(config, file).toMatch(/^\s*timeout http-request \d+s$/m);
      expect(config, file).toMatch(/^\s*option http-buffer-request$/m);
    }
  });
});
