import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config.js';

/**
 * Did a request reach this server directly, from whom? "Is this caller local?" is the socket's
 * own remote address, never a header; and a request that came through a proxy — a header a proxy
 * adds, or a socket peer that TRUST_PROXY names — is not a direct one, even from this machine
 * (a same-host reverse proxy connects from 127.0.0.1 on behalf of anyone). ADR 0011.
 */

/** Headers only a proxy (or a client pretending to be behind one) sends. */
const FORWARDING_HEADERS = [
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
];

/** proxy-addr's names, as Fastify's trustProxy understands them. */
const NAMED_RANGES: Record<string, readonly [string, number][]> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  linklocal: [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  uniquelocal: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
};

/** The names a Host header may carry for "this machine, over loopback". */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `::ffff:127.0.0.1` → `127.0.0.1`; a zone (`fe80::1%eth0`) dropped. */
export function normalizeAddress(address: string): string {
  const bare = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  return mapped?.[1] ?? bare;
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const normalized = normalizeAddress(address);
  const version = isIP(normalized);
  return version !== 0 && loopback.check(normalized, version === 4 ? 'ipv4' : 'ipv6');
}

/** Whether TRUST_PROXY names this socket peer as a proxy (a hop count trusts whoever connects). */
export function trustedProxyCheck(trustProxy: TrustProxy): (address: string | undefined) => boolean {
  if (trustProxy === false || trustProxy === 0) return () => false;
  if (typeof trustProxy === 'number') return () => true;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const ranges = NAMED_RANGES[entry];
    if (ranges) {
      for (const [network, prefix] of ranges)
        list.addSubnet(network, prefix, isIP(network) === 4 ? 'ipv4' : 'ipv6');
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const normalized = normalizeAddress(address);
    const family = isIP(normalized) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(normalized, family);
    else list.addSubnet(normalized, Number(prefix), family);
  }
  return (address) => {
    if (address === undefined) return false;
    const normalized = normalizeAddress(address);
    const version = isIP(normalized);
    return version !== 0 && list.check(normalized, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/** Whether any header says a proxy handled the request (Forwarded, X-Forwarded-*, X-Real-IP, Via …). */
export function hasForwardingHeaders(headers: FastifyRequest['headers']): boolean {
  return Object.keys(headers).some(
    (name) => name.startsWith('x-forwarded-') || FORWARDING_HEADERS.includes(name),
  );
}

/** The socket's own remote address (never a header). */
export const socketAddress = (request: FastifyRequest): string | undefined =>
  request.raw.socket.remoteAddress;

/** The request came straight from its client: no forwarding header, and its socket peer is no configured proxy. */
export function isDirectRequest(
  request: FastifyRequest,
  isTrustedProxy: (address: string | undefined) => boolean,
): boolean {
  return !hasForwardingHeaders(request.headers) && !isTrustedProxy(socketAddress(request));
}

/** The hostname of a Host header (`[::1]` keeps its brackets), lower-cased; the port apart. */
export function splitHost(host: string | undefined): { hostname: string; port: string } | undefined {
  if (host === undefined || host === '') return undefined;
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  if (!match) return undefined;
  return { hostname: (match[1] ?? '').toLowerCase(), port: match[2] ?? '' };
}

/**
 * A caller on this very machine talking to this server directly: a loopback socket, no proxy in
 * between (no forwarding header, the peer not a configured proxy), and a loopback Host — a
 * same-host reverse proxy passes the public one.
 */
export function isLocalDirectRequest(
  request: FastifyRequest,
  isTrustedProxy: (address: string | undefined) => boolean,
): boolean {
  const host = splitHost(request.headers.host);
  return (
    isLoopbackAddress(socketAddress(request)) &&
    isDirectRequest(request, isTrustedProxy) &&
    host !== undefined &&
    LOOPBACK_HOSTNAMES.has(host.hostname)
  );
}
