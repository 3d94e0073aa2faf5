// Client addresses as keys for per-IP limits and caches. One IPv6 host is normally given a whole /64
// and can use any address in it, so an IPv6 client is keyed by its /64, never by its address.
import { isIP } from "node:net";

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d; this gives back a.b.c.d. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim();
  return IPV4_MAPPED.exec(trimmed)?.[1] ?? trimmed;
}

/** The first `groups` groups of an IPv6 address, without leading zeros ("2001:db8:0:0" for four). */
function ipv6Prefix(address: string, groups: number): string {
  const [head = "", tail] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(":") : [];
  // A trailing dotted quad fills two groups; they are never among the first four but count for the gap.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array(8 - width(headGroups) - width(tailGroups)).fill("0");
  return [...headGroups, ...zeros, ...tailGroups]
    .slice(0, groups)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":");
}

/** The key of one client: an IPv4 address, or an IPv6 /64 ("2001:db8:1:2::/64"). */
export function clientKey(ip: string): string {
  const address = normalizeIp(ip).replace(/%.*$/, "");
  return isIP(address) === 6 ? `${ipv6Prefix(address, 4)}::/64` : address;
}

/** The key of a client's network: an IPv4 /24 ("203.0.113.0/24"), or an IPv6 /64. */
export function networkKey(ip: string): string {
  const key = clientKey(ip);
  if (isIP(key) !== 4) return key;
  return `${key.slice(0, key.lastIndexOf("."))}.0/24`;
}

/**
 * The key of the block one operator hands a customer or a server: an IPv4 /24, or an IPv6 /48
 * ("2001:db8:1::/48"). One host can rotate through every /64 of its /48 (docs/decisions/0046), so
 * budgets that one network must not spend alone are kept per block.
 */
export function networkBlockKey(ip: string): string {
  const address = normalizeIp(ip).replace(/%.*$/, "");
  if (isIP(address) === 6) return `${ipv6Prefix(address, 3)}::/48`;
  return networkKey(address);
}
