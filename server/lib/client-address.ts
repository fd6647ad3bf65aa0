// The unit per-address limits count in. An IPv4 address is one client; an IPv6 /64 is one, since a
// single subscriber is routinely given a whole /64 and can pick any address in it.
import ipaddr from 'ipaddr.js';

/** `1.2.3.4` for IPv4 (and IPv4-mapped IPv6), `2001:db8:1:2::/64` for IPv6; anything else as it came. */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
  const network = ipv6.parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}
