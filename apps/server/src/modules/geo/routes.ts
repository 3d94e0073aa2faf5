// GET /api/geo/city: the storefront asks once after load and the server answers from the client IP.
import { endpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";
import { registerEndpoint } from "../../http/endpoint.js";
import type { GeoService } from "./service.js";

export function geoRoutes(app: FastifyInstance, geo: GeoService) {
  // No publicCacheSeconds: the answer depends on the caller's IP, so a shared cache must not keep it.
  registerEndpoint(app, endpoints.detectCity, ({ request }) => geo.detectCity(request.ip));
}
