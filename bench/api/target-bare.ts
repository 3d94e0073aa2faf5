// Target A: bare node:http writing the fixed goods envelope (bytes built once). The ceiling for P1–P3.
// With the argument "stringify" (target A2, informational) it runs JSON.stringify on every request
// instead, the bare counterpart of B2.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { goodsIndexBody, goodsIndexEnvelope } from "./fixture.js";
import type { ListeningMessage } from "./protocol.js";

const json = { "content-type": "application/json; charset=utf-8" };
const health = Buffer.from(JSON.stringify({ status: "ok" }));
const answer =
  process.argv[2] === "stringify" ? () => Buffer.from(JSON.stringify(goodsIndexEnvelope)) : () => goodsIndexBody;

const server = createServer((request, response) => {
  const body = request.url === "/healthz" ? health : answer();
  response.writeHead(200, { ...json, "content-length": body.length });
  response.end(body);
});

server.listen(0, "127.0.0.1", () => {
  const message: ListeningMessage = { type: "listening", port: (server.address() as AddressInfo).port };
  process.send?.(message);
});

process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
