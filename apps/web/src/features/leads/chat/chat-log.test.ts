// The chat log's rules: stored messages once each, in seq order, pending ones until confirmed; the
// unread count; the service hours.
import { describe, expect, it } from "vitest";
import { message } from "./chat-fixtures";
import {
  EMPTY_LOG,
  outsideServiceHours,
  repliesAfter,
  waitingSince,
  withFailed,
  withSending,
  withStored,
} from "./chat-log";

describe("chat log", () => {
  it("keeps each seq once and in order, whatever order and how often they come", () => {
    let log = withStored(EMPTY_LOG, [message(1), message(3)]);
    log = withStored(log, [message(2), message(3), message(1)]);
    log = withStored(log, [message(5), message(4), message(5)]);
    expect(log.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(withStored(log, [message(2)])).toBe(log);
  });

  it("shows a sent message at once, marks a failure, and drops it when its stored copy comes", () => {
    let log = withSending(EMPTY_LOG, "abc12345", "报价");
    expect(log.pending).toEqual([{ clientId: "abc12345", text: "报价", picture: "", failed: false }]);
    log = withFailed(log, "abc12345");
    expect(log.pending[0]?.failed).toBe(true);
    log = withSending(log, "abc12345", "报价");
    expect(log.pending).toHaveLength(1);
    expect(log.pending[0]?.failed).toBe(false);
    log = withStored(log, [message(1, { clientId: "abc12345", sender: "visitor", text: "报价" })]);
    expect(log.pending).toEqual([]);
    expect(log.messages).toHaveLength(1);
  });

  it("counts staff and system replies after the last seen seq, not the visitor's own", () => {
    const log = withStored(EMPTY_LOG, [
      message(1),
      message(2, { sender: "visitor" }),
      message(3),
      message(4, { sender: "system" }),
    ]);
    expect(repliesAfter(log, 1)).toBe(2);
    expect(repliesAfter(log, 4)).toBe(0);
  });

  it("knows since when the visitor waits for a staff answer", () => {
    const asked = message(1, { sender: "visitor" });
    expect(waitingSince(withStored(EMPTY_LOG, [asked]))).toBe(Date.parse(asked.createdAt));
    expect(waitingSince(withStored(EMPTY_LOG, [asked, message(2)]))).toBeNull();
  });

  it("reads the service hours out of the site's wording, in China time", () => {
    const hours = "每天 09:00-21:00（节假日不休）";
    // 09:00 in China is 01:00 UTC.
    expect(outsideServiceHours(hours, new Date("2026-11-25T00:59:00Z"))).toBe(true);
    expect(outsideServiceHours(hours, new Date("2026-11-25T01:00:00Z"))).toBe(false);
    expect(outsideServiceHours(hours, new Date("2026-11-25T12:59:00Z"))).toBe(false);
    expect(outsideServiceHours(hours, new Date("2026-11-25T13:00:00Z"))).toBe(true);
    expect(outsideServiceHours("全天在线", new Date("2026-11-25T20:00:00Z"))).toBe(false);
  });
});
