// The 404 rule of the detail screens (docs/product.md §2: an unknown path or id answers HTTP 404 and a page
// that leads home): a malformed route id, or the API's "not found" (errorCode 1004), is a 404 route response.
import { ErrorCode } from "@yj/contract";
import { data } from "react-router";
import { ApiError } from "./api-client";

/** The route's :id as a number; a malformed one is a 404 like a missing one. */
export function routeId(raw: string | undefined, notFoundMessage: string): number {
  const text = (raw ?? "").trim();
  const id = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isNaN(id) || id < 1) throw data(notFoundMessage, { status: 404 });
  return id;
}

/** Runs a fetch; the API's "not found" (errorCode 1004) becomes a 404 route response. */
export async function orNotFound<T>(load: Promise<T>, message: string): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.errorCode === ErrorCode.NOT_FOUND) throw data(message, { status: 404 });
    throw error;
  }
}
