// Assembles the region table's routes (provinces, cities and districts; no database).
import type { FastifyInstance } from "fastify";
import { regionRoutes } from "./routes.js";

export function registerRegions(app: FastifyInstance): void {
  regionRoutes(app);
}
