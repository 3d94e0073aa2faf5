import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerPublicRead } from "../../http/endpoint.js";
import { childRegions } from "./service.js";

export function regionRoutes(app: FastifyInstance) {
  // The browser fetches one level at a time; the table never changes between releases.
  registerPublicRead(app, endpoints.regions, (query) => childRegions(query.code), { publicCacheSeconds: 86_400 });
}
