// The rows of a PostgreSQL wire-protocol answer, each value left as the bytes PostgreSQL sent (its
// text format, UTF-8). PGlite hands the answer of a named statement over as these bytes; reading
// them here, rather than through PGlite's parser, skips two copies, a UTF-8 decode and a re-encode
// on the goods page's way to the socket (ADR 0011).

/**
 * One row: each column's value in PostgreSQL's text format, or null. PGlite's answer is read here
 * as UTF-8 bytes; node-postgres has already decoded it to a string, which is kept as it is
 * (docs/decisions/0093).
 */
export type RawRow = readonly (Buffer | string | null)[];

/** An integer value (PostgreSQL writes it in ASCII digits); null stays null. */
export function intOf(value: Buffer | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return Number(typeof value === "string" ? value : value.toString("latin1"));
}

/** An ErrorResponse of the answer, with PostgreSQL's SQLSTATE (`code`) as node-postgres gives it. */
export class WireDatabaseError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly severity: string | undefined,
  ) {
    super(message);
    this.name = "DatabaseError";
  }
}

const DATA_ROW = 0x44; // 'D'
const ERROR_RESPONSE = 0x45; // 'E'

/** The fields of an ErrorResponse body: a type byte, then a NUL-terminated string, until a 0 byte. */
function errorFields(body: Buffer): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < body.length && body[at] !== 0) {
    const type = String.fromCharCode(body[at] as number);
    const end = body.indexOf(0, at + 1);
    if (end < 0) break;
    fields.set(type, body.toString("utf8", at + 1, end));
    at = end + 1;
  }
  return fields;
}

/**
 * The DataRows of an answer (every other message is skipped). The first ErrorResponse is thrown,
 * as the protocol's whole answer has been read by then and the statement stays usable.
 */
export function readWireRows(answer: Buffer): RawRow[] {
  const rows: RawRow[] = [];
  let at = 0;
  while (at + 5 <= answer.length) {
    const type = answer[at] as number;
    // The length counts itself but not the type byte.
    const end = at + 1 + answer.readInt32BE(at + 1);
    if (end > answer.length) throw new Error("incomplete wire-protocol answer");
    if (type === DATA_ROW) {
      let field = at + 5;
      const count = answer.readInt16BE(field);
      field += 2;
      const row: (Buffer | null)[] = new Array(count);
      for (let i = 0; i < count; i++) {
        const length = answer.readInt32BE(field);
        field += 4;
        if (length < 0) {
          row[i] = null;
        } else {
          row[i] = answer.subarray(field, field + length);
          field += length;
        }
      }
      rows.push(row);
    } else if (type === ERROR_RESPONSE) {
      const fields = errorFields(answer.subarray(at + 5, end));
      throw new WireDatabaseError(fields.get("M") ?? "database error", fields.get("C"), fields.get("S"));
    }
    at = end;
  }
  return rows;
}
