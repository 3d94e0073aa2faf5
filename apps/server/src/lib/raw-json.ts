// JSON made elsewhere, written into the envelope as it is. The goods page is built by the database
// (ADR 0010) and arrives as text (ADR 0011): parsing its rows into objects only to serialize them
// again cost more than the query. T is the contract type the JSON stands for, so a route still
// answers its schema's type.

/** A piece of JSON text: UTF-8 bytes, or a string as node-postgres decodes a value. */
export type JsonPart = Buffer | string;

export class RawJson<T> {
  declare readonly __shape?: T;

  /** The text, in pieces written one after another. */
  readonly parts: readonly JsonPart[];

  /** The text's length in UTF-8 bytes. */
  readonly byteLength: number;

  /**
   * The pieces are kept apart, not joined: the serializer writes them once, straight into the
   * answer's bytes, where joining them here and encoding a string first were two more copies of
   * the page, each a new buffer (docs/decisions/0093).
   */
  constructor(...parts: JsonPart[]) {
    this.parts = parts;
    let length = 0;
    for (const part of parts) length += typeof part === "string" ? Buffer.byteLength(part) : part.length;
    this.byteLength = length;
  }

  /** Writes the text into `target` at `offset` (it has room for byteLength more); answers where it ends. */
  writeInto(target: Buffer, offset: number): number {
    let at = offset;
    for (const part of this.parts) at += typeof part === "string" ? target.write(part, at) : part.copy(target, at);
    return at;
  }
}
