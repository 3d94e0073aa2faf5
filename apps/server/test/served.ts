// What the server serves, from both sides: the contract's table minus its planned list, and the
// table's endpoints an app has a route for. Tests that must cover every served endpoint iterate the
// first and check it against the second, so an endpoint wired without coverage fails them.
import { type EndpointDef, type EndpointName, endpoints, plannedEndpoints } from "@yj/contract";
import type { FastifyInstance } from "fastify";

const planned = new Set<string>(plannedEndpoints);
const declared = Object.entries(endpoints) as [EndpointName, EndpointDef][];

export const servedEndpoints: readonly [EndpointName, EndpointDef][] = declared.filter(([name]) => !planned.has(name));

/** The names of the table's endpoints that `app` has a route for, sorted. */
export function registeredEndpointNames(app: FastifyInstance): EndpointName[] {
  return declared
    .filter(([, e]) => app.hasRoute({ method: e.method, url: e.path }))
    .map(([name]) => name)
    .sort();
}

/** The names of the served endpoints, sorted (to compare with registeredEndpointNames). */
export const servedEndpointNames: readonly EndpointName[] = servedEndpoints.map(([name]) => name).sort();
