// The endpoints of the table that the server does not serve yet. Every other entry of `endpoints` is
// served; a server test holds this list to the routes the app registers, so wiring an endpoint means
// taking its name off here, and the junk-input and OpenAPI tests then cover it.
import type { EndpointName } from "./endpoints.js";

export const plannedEndpoints = [] as const satisfies readonly EndpointName[];

export type PlannedEndpointName = (typeof plannedEndpoints)[number];
export type ServedEndpointName = Exclude<EndpointName, PlannedEndpointName>;
