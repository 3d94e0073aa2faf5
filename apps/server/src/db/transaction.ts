// The transaction handle Drizzle passes to `db.transaction(async (tx) => …)`, for functions that take
// part in a caller's transaction (the order's writes, or a payment's).
import type { Db } from "./client.js";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
