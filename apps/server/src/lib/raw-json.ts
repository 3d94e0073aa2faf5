// JSON made elsewhere, written into the envelope as it is. The goods page is built by the database
// (ADR 0010) and arrives as bytes (ADR 0011): parsing its rows into objects only to serialize them
// again cost more than the query. T is the contract type the JSON stands for, so a route still
// answers its schema's type.
export class RawJson<T> {
  declare readonly __shape?: T;

  /** UTF-8 JSON text. */
  constructor(readonly bytes: Buffer) {}
}
