// Target D0 (informational): the least a server can do for D's answer. Bare node:http and
// node-postgres run the server's own goods-page statement (goods-page-sql.ts) as a named statement
// on D's database and write the envelope around its bytes: no framework, no validation, no hooks.
// Its share of A is a ceiling for P2 uncached on this machine (ADR 0010, ADR 0011).
//
// argv[2] is the JSON of D's filter categories, which the server holds in memory; with it the
// answer is byte-identical to D's (run.ts checks).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Messages, SUCCESS_CODE } from "@yj/contract";
import pg from "pg";
import { goodsSearchSql } from "../../apps/server/src/modules/catalog/goods-page-sql.js";
import { BENCH_CATEGORY2, BENCH_PAGE_SIZE } from "./fixture.js";
import type { ListeningMessage } from "./protocol.js";

const categoriesJson = process.argv[2] ?? "[]";
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const { page } = goodsSearchSql({ category2: BENCH_CATEGORY2 }, "default");
const statement = {
  name: "bench_goods_page",
  text: page,
  values: [BENCH_CATEGORY2, BENCH_PAGE_SIZE, 0],
  rowMode: "array",
};
const json = { "content-type": "application/json; charset=utf-8" };
const head = Buffer.from(`{"code":${SUCCESS_CODE},"message":${JSON.stringify(Messages.ok)},"data":{"dataList":`);

const server = createServer((request, response) => {
  if (request.url === "/healthz") {
    response.writeHead(200, json).end('{"status":"ok"}');
    return;
  }
  pool.query<[number, string]>(statement).then(
    ({ rows: [[total, items] = [0, "[]"]] }) => {
      const tail = `,"total":${total},"current":1,"pageSize":${BENCH_PAGE_SIZE},"goodsCategoryDOS":${categoriesJson}}}`;
      const body = Buffer.concat([head, Buffer.from(items), Buffer.from(tail)]);
      response.writeHead(200, { ...json, "content-length": body.length }).end(body);
    },
    (error: Error) => response.writeHead(500, json).end(JSON.stringify({ error: error.message })),
  );
});

server.listen(0, "127.0.0.1", () => {
  const message: ListeningMessage = { type: "listening", port: (server.address() as AddressInfo).port };
  process.send?.(message);
});

process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
