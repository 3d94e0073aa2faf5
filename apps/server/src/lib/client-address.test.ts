import { describe, expect, it } from "vitest";
import { clientKey, networkBlockKey, networkKey, normalizeIp } from "./client-address.js";

/** Each input address with the key it must give. */
const keysOf = (key: (ip: string) => string, inputs: string[]) => inputs.map((ip) => [ip, key(ip)]);

describe("client addresses as limit and cache keys", () => {
  it("reads an IPv4-mapped IPv6 address as the IPv4 one", () => {
    expect(keysOf(normalizeIp, ["::ffff:203.0.113.7", " ::FFFF:10.0.0.1 ", "2001:db8::1"])).toEqual([
      ["::ffff:203.0.113.7", "203.0.113.7"],
      [" ::FFFF:10.0.0.1 ", "10.0.0.1"],
      ["2001:db8::1", "2001:db8::1"],
    ]);
  });

  it("keys an IPv4 client by its address", () => {
    for (const ip of ["203.0.113.7", "::ffff:203.0.113.7"]) expect(clientKey(ip), ip).toBe("203.0.113.7");
  });

  it("keys an IPv6 client by its /64, however the address is written", () => {
    const key = "2001:db8:85a3:8d3::/64";
    for (const ip of [
      "2001:db8:85a3:8d3:1319:8a2e:370:7348",
      "2001:0DB8:85A3:08D3:0000:0000:0000:0001",
      "2001:db8:85a3:8d3::",
      "2001:db8:85a3:8d3::ffff",
      "2001:db8:85a3:8d3:a:b:1.2.3.4",
      "2001:db8:85a3:8d3::1%eth0",
    ]) {
      expect(clientKey(ip), ip).toBe(key);
    }
    expect(keysOf(clientKey, ["2001:db8::1", "::1"])).toEqual([
      ["2001:db8::1", "2001:db8:0:0::/64"],
      ["::1", "0:0:0:0::/64"],
    ]);
    expect(clientKey("2001:db8:85a3:8d4::1")).not.toBe(key);
  });

  it("keys a network by its /24 (IPv4) or /64 (IPv6)", () => {
    expect(keysOf(networkKey, ["203.0.113.7", "::ffff:203.0.113.250", "203.0.114.7", "2001:db8:85a3:8d3::7"])).toEqual([
      ["203.0.113.7", "203.0.113.0/24"],
      ["::ffff:203.0.113.250", "203.0.113.0/24"],
      ["203.0.114.7", "203.0.114.0/24"],
      ["2001:db8:85a3:8d3::7", "2001:db8:85a3:8d3::/64"],
    ]);
  });

  it("keys an operator's block by its /24 (IPv4) or /48 (IPv6): every /64 of a /48 is one block", () => {
    expect(
      keysOf(networkBlockKey, [
        "203.0.113.7",
        "::ffff:203.0.113.250",
        "2001:db8:85a3:8d3::7",
        "2001:0db8:85a3:ffff:1::1",
        "2001:db8:85a4::1",
        "2001:db8::1",
      ]),
    ).toEqual([
      ["203.0.113.7", "203.0.113.0/24"],
      ["::ffff:203.0.113.250", "203.0.113.0/24"],
      ["2001:db8:85a3:8d3::7", "2001:db8:85a3::/48"],
      ["2001:0db8:85a3:ffff:1::1", "2001:db8:85a3::/48"],
      ["2001:db8:85a4::1", "2001:db8:85a4::/48"],
      ["2001:db8::1", "2001:db8:0::/48"],
    ]);
  });

  it("passes anything that is not an address through, trimmed", () => {
    expect([clientKey(" unknown "), networkKey("")]).toEqual(["unknown", ""]);
  });
});
