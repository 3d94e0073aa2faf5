// Order numbers (ADR 0025): the China date and time of the order, then random characters. They sort by
// time, match the contract's /^[A-Z0-9]{8,32}$/ and cannot be guessed from another one.
import { randomInt } from "node:crypto";

/** No 0/O or 1/I, so a number read aloud over the phone is not misheard. */
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const RANDOM_LENGTH = 8;
const CHINA_OFFSET_MS = 8 * 60 * 60_000;

export function newOrderNo(at: Date): string {
  // YYYYMMDDHHmmss in China time (UTC+8, no daylight saving).
  const stamp = new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().replace(/\D/g, "").slice(0, 14);
  let random = "";
  for (let i = 0; i < RANDOM_LENGTH; i += 1) random += ALPHABET[randomInt(ALPHABET.length)];
  return `${stamp}${random}`;
}
