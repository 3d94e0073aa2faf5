// Target B: the same envelope from memory through Fastify 5 with the app's own compilers: the query
// parsed and validated by the contract's GoodsIndexQuery as the server does it (fastify-type-provider-zod,
// a repeated query string parsed and validated once, docs/decisions/0094), the answer serialized from
// envelopeOf(GoodsIndexData) by the server's serializer. Logger off, no other plugins: this is the
// framework's own cost (P1).
//
// "From memory" is what the server holds in memory: a cached answer, frozen, whose bytes the
// response serializer makes once (ADR 0010), just as A writes bytes made once. With the argument
// "per-request" (target B2, informational) the answer is not frozen and is serialized on every
// request, the counterpart of A2.
import type { AddressInfo } from "node:net";
import { endpoints, envelopeOf } from "@yj/contract";
import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { parseQuery, rememberQueryValidation } from "../../apps/server/src/http/query-memo.js";
import { serializerCompiler } from "../../apps/server/src/http/serializer.js";
import { goodsIndexEnvelope } from "./fixture.js";
import type { ListeningMessage } from "./protocol.js";

const answer =
  process.argv[2] === "per-request"
    ? goodsIndexEnvelope
    : { ...goodsIndexEnvelope, data: Object.freeze({ ...goodsIndexEnvelope.data }) };

const app = Fastify({ logger: false, routerOptions: { querystringParser: parseQuery } });
app.setValidatorCompiler(rememberQueryValidation(validatorCompiler));
app.setSerializerCompiler(serializerCompiler);

app.get("/healthz", async () => ({ status: "ok" }));
app.route({
  method: "GET",
  url: endpoints.goodsIndex.path,
  schema: {
    querystring: endpoints.goodsIndex.query,
    response: { 200: envelopeOf(endpoints.goodsIndex.data) },
  },
  handler: async () => answer,
});

await app.listen({ port: 0, host: "127.0.0.1" });
const message: ListeningMessage = { type: "listening", port: (app.server.address() as AddressInfo).port };
process.send?.(message);

process.on("disconnect", () => process.exit(0));
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
