// Which X-Forwarded-For entries to believe (TRUST_PROXY, docs/configuration.md). Never every hop: a client
// could then name any address it likes and walk around every per-address limit.
import { BlockList, isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

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
