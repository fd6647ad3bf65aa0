// Which X-Forwarded-For entries to believe (TRUST_PROXY, docs/configuration.md). Never every hop: a client
// could then name any address it likes and walk around every per-address limit.
import { BlockList, isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import ipaddr from 'ipaddr.js';

/** Loopback, private (RFC 1918, RFC 4193) and link-local ranges: where a reverse proxy of ours lives. */
const PRIVATE_RANGES = new BlockList();
PRIVATE_RANGES.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE_RANGES.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE_RANGES.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE_RANGES.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE_RANGES.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE_RANGES.addAddress('::1', 'ipv6');
PRIVATE_RANGES.addSubnet('fc00::', 7, 'ipv6');
PRIVATE_RANGES.addSubnet('fe80::', 10, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
  const version = isIP(mapped);
  if (version === 0) return false;
  return PRIVATE_RANGES.check(mapped, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The widest range TRUST_PROXY may name beyond private networks: IPv4 /8, IPv6 /19. That is about
 * the most address space one operator holds (the largest IPv4 assignments are /8s, the largest
 * IPv6 allocations to one network /19s), and far more than a proxy fleet needs (the big CDNs
 * publish IPv4 /12s and IPv6 /28s at most). A wider range spans other people's networks, whose
 * clients could then write any address into X-Forwarded-For: 0.0.0.0/0, ::/0 or a /1 is "trust
 * every hop" again. Loopback, private and link-local ranges may be named whole (fc00::/7 too).
 */
export const WIDEST_PROXY_PREFIX = { ipv4: 8, ipv6: 19 } as const;

const PRIVATE_NETWORKS = ['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '::1/128', 'fc00::/7', 'fe80::/10'].map((network) =>
  ipaddr.parseCIDR(network),
);

/**
 * Whether a TRUST_PROXY entry (an address, or a CIDR already checked to be well formed) spans more
 * than WIDEST_PROXY_PREFIX outside private networks. An IPv4-mapped IPv6 range is judged as the
 * IPv4 range it trusts (::ffff:0:0/96 is every IPv4 address).
 */
export function isTooWideProxyRange(entry: string): boolean {
  if (!entry.includes('/')) return false;
  let [address, prefix] = ipaddr.parseCIDR(entry);
  if (address.kind() === 'ipv6' && prefix >= 96 && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
    prefix -= 96;
  }
  const kind = address.kind();
  if (prefix >= WIDEST_PROXY_PREFIX[kind]) return false;
  const isPrivate = PRIVATE_NETWORKS.some(
    ([network, networkPrefix]) => network.kind() === kind && prefix >= networkPrefix && address.match(network, networkPrefix),
  );
  return !isPrivate;
}

/**
 * Fastify's trustProxy for a TRUST_PROXY value:
 * - false: the socket's peer is the client;
 * - a hop count n: the last n entries of X-Forwarded-For were added by our proxies, provided the
 *   peer itself is on a loopback or private address (a client reaching Hoy directly from outside
 *   cannot pose as a proxy; Fastify refuses bare hop counts for that reason);
 * - a comma list of addresses/CIDRs: exactly those proxies are believed (proxy-addr, inside Fastify).
 */
export function trustProxyOption(setting: false | number | string): FastifyServerOptions['trustProxy'] {
  if (setting === false || setting === 0) return false;
  if (typeof setting === 'string') return setting;
  const hops = setting;
  return (address: string, hop: number) => hop < hops && (hop > 0 || isPrivateAddress(address));
}
