// Which client addresses are worth locating: loopback, private and reserved ones never are, and
// sending one to AMap would waste a call (or locate the server instead of the visitor).
import { BlockList, isIP } from "node:net";
import { normalizeIp } from "../../lib/client-address.js";

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["224.0.0.0", 3], // multicast and reserved, up to 255.255.255.255
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127], // :: and ::1
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link local
  ["ff00::", 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** The normalized address and its family, or null when it is not a public address. */
export function publicIp(ip: string): { address: string; family: 4 | 6 } | null {
  const address = normalizeIp(ip);
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 4 : 6;
  return NOT_PUBLIC.check(address, family === 4 ? "ipv4" : "ipv6") ? null : { address, family };
}
