// What one endpoint of the contract's table is, and the helpers every endpoint file defines its rows
// with. It sits below the storefront table (endpoints.ts) and the back office's (admin-endpoints.ts,
// admin-catalog-endpoints.ts), so those import it and not each other.
import { z } from "zod";
import type { AdminPermission } from "./admin.js";

export interface EndpointDef {
  method: "GET" | "POST";
  path: `/api/${string}`;
  summary: string;
  /**
   * "session": needs a logged-in customer (errorCode 1201 otherwise). "staff": a back-office
   * endpoint, with its own staff session and CSRF, open only to the roles that hold `permission`.
   */
  auth: "none" | "session" | "staff";
  /** Staff endpoints only: what the caller's role must allow (admin.ts ROLE_PERMISSIONS). */
  permission?: AdminPermission;
  query?: z.ZodType;
  body?: z.ZodType;
  data: z.ZodType;
}

/** One row of an endpoint table, checked against EndpointDef and kept with its literal types. */
export const def = <const T extends EndpointDef>(d: T) => d;
/** One back-office row: always behind a staff session. */
export const staffDef = <const T extends EndpointDef & { auth: "staff" }>(d: T) => d;

/** The answer of an endpoint that returns nothing but the envelope. */
export const Nothing = z.null();
/** The query of a back-office endpoint that takes none. */
export const NoQuery = z.object({});
