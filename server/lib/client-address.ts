// The units limits count in. An IPv4 address is one client; an IPv6 /64 is one, since a single
// subscriber is routinely given a whole /64 and can pick any address in it. An IPv6 /48 is one
// network: a site is routinely given a whole /48, so one subscriber can pick any of its 65,536 /64s
// (docs/decisions/038).
import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/**
 * The address's first `groups` 16-bit groups as `a:b:c::/<16 × groups>` when it is plain IPv6;
 * otherwise the IPv4 address. Anything else (only a trusted proxy could hand over such a string) as
 * `not-an-address:` and 22 characters of its SHA-256, so no key grows with what a header carried.
 */
function prefixKey(address: string, groups: number): string {
  if (!ipaddr.isValid(address)) return `not-an-address:${createHash('sha256').update(address).digest('base64url').slice(0, 22)}`;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
  const network = ipv6.parts.slice(0, groups).map((part) => part.toString(16));
  return `${network.join(':')}::/${groups * 16}`;
}

/** `1.2.3.4` for IPv4 (and IPv4-mapped IPv6), `2001:db8:1:2::/64` for IPv6. */
export function addressKey(address: string): string {
  return prefixKey(address, 4);
}

/** `2001:db8:1::/48` for IPv6; for anything else the same as addressKey (an IPv4 address is its own network). */
export function networkKey(address: string): string {
  return prefixKey(address, 3);
}
