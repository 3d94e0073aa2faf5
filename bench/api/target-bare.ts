// Target A: bare node:http writing the fixed goods envelope (bytes built once). The ceiling for P1–P3.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { goodsIndexBody } from "./fixture.js";
import type { ListeningMessage } from "./protocol.js";

const json = { "content-type": "application/json; charset=utf-8" };
const health = Buffer.from(JSON.stringify({ status: "ok" }));

const server = createServer((request, response) => {
  const body = request.url === "/healthz" ? health : goodsIndexBody;
  response.writeHead(200, { ...json, "content-length": body.length });
  response.end(body);
});

server.listen(0, "127.0.0.1", () => {
  const message: ListeningMessage = { type: "listening", port: (server.address() as AddressInfo).port };
  process.send?.(message);
});

process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
