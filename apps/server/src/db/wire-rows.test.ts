import { describe, expect, it } from "vitest";
import { intOf, readWireRows, WireDatabaseError } from "./wire-rows.js";

/** A backend message: type byte, length (counting itself), body. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function dataRow(values: (string | null)[]): Buffer {
  const parts = [Buffer.alloc(2)];
  parts[0]?.writeInt16BE(values.length, 0);
  for (const value of values) {
    const length = Buffer.alloc(4);
    length.writeInt32BE(value === null ? -1 : Buffer.byteLength(value), 0);
    parts.push(length);
    if (value !== null) parts.push(Buffer.from(value));
  }
  return message("D", Buffer.concat(parts));
}

const bindComplete = message("2", Buffer.alloc(0));
const readyForQuery = message("Z", Buffer.from("I"));
const errorResponse = message("E", Buffer.from("SERROR\0C22P02\0Minvalid input syntax for type integer\0\0"));

describe("readWireRows", () => {
  it("answers the data rows' values as bytes, null as null, and skips other messages", () => {
    const rows = readWireRows(
      Buffer.concat([bindComplete, dataRow(["12", '[{"name":"岩板"}]', null]), dataRow([]), readyForQuery]),
    );
    expect(rows.map((row) => row.map((v) => v?.toString()))).toEqual([["12", '[{"name":"岩板"}]', undefined], []]);
    expect(rows[0]?.[2]).toBeNull();
  });

  it("throws the answer's error with its SQLSTATE", () => {
    const answer = Buffer.concat([bindComplete, errorResponse, readyForQuery]);
    expect(() => readWireRows(answer)).toThrow(WireDatabaseError);
    expect(() => readWireRows(answer)).toThrow("invalid input syntax for type integer");
    try {
      readWireRows(answer);
    } catch (error) {
      expect(error).toMatchObject({ code: "22P02", severity: "ERROR" });
    }
  });

  it("reads an integer value, and null as null", () => {
    expect(intOf(Buffer.from("-42"))).toBe(-42);
    expect(intOf("17")).toBe(17);
    expect(intOf(null)).toBeNull();
    expect(intOf(undefined)).toBeNull();
  });

  it("refuses an answer cut short", () => {
    const row = dataRow(["12"]);
    expect(() => readWireRows(row.subarray(0, row.length - 1))).toThrow(/incomplete/);
  });
});
