// How an error is written to the log. A failed query's text from drizzle ("Failed query: … params:
// …"), the driver's `detail` ("Failing row contains (…)") and a value quoted in PostgreSQL's message
// carry what the query was given: phones, code HMACs, token hashes, CSRF values. So a database error
// is logged by its SQLSTATE, the names it concerns and the statement without its values.
import { DrizzleQueryError } from "drizzle-orm/errors";

type Fields = Record<string, unknown>;
type ErrorWithFields = Error & Fields;

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Fields of PostgreSQL's error report that name things, never values. */
const NAME_FIELDS = ["severity", "schema", "table", "column", "dataType", "constraint", "routine"] as const;
const MAX_CAUSES = 3;

function isQueryError(error: ErrorWithFields): boolean {
  return error instanceof DrizzleQueryError || (typeof error.query === "string" && "params" in error);
}

function isDatabaseError(error: unknown): error is ErrorWithFields & { code: string } {
  if (!(error instanceof Error)) return false;
  const { code } = error as ErrorWithFields;
  return typeof code === "string" && SQLSTATE.test(code);
}

/** The stack's frames only: its first lines repeat the message. */
function framesOf(error: Error): string | undefined {
  return error.stack
    ?.split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}

/** PostgreSQL quotes values in its messages (invalid input syntax for type integer: "…"). */
function withoutQuoted(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"');
}

function databaseFields(error: ErrorWithFields & { code: string }): Fields {
  const out: Fields = { code: error.code, message: withoutQuoted(error.message) };
  for (const field of NAME_FIELDS) if (typeof error[field] === "string") out[field] = error[field];
  return out;
}

/** pino's `err` serializer: every logged error passes here, whoever logs it. */
export function serializeError(value: unknown, depth = 0): Fields {
  if (!(value instanceof Error)) return { type: typeof value };
  const error = value as ErrorWithFields;
  let out: Fields = { type: error.constructor?.name ?? error.name };
  let cause = error.cause;
  if (isQueryError(error)) {
    out.query = error.query;
    if (isDatabaseError(cause)) {
      out = { ...out, ...databaseFields(cause) };
      cause = undefined;
    } else {
      out.message = cause instanceof Error ? withoutQuoted(cause.message) : "query failed";
    }
  } else if (isDatabaseError(error)) {
    out = { ...out, ...databaseFields(error) };
  } else {
    out.message = error.message;
    if (typeof error.code === "string" || typeof error.code === "number") out.code = error.code;
    if (typeof error.statusCode === "number") out.statusCode = error.statusCode;
  }
  out.stack = framesOf(error);
  if (cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(cause, depth + 1);
  return out;
}
