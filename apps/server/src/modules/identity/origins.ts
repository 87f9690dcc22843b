import { networkInterfaces } from 'node:os';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { ErrorBody } from '@antenne/contract';
import { isProductionDeployment, type Config } from '../../config.js';
import {
  isDirectRequest,
  isLoopbackAddress,
  normalizeAddress,
  splitHost,
  trustedProxyCheck,
} from '../../lib/direct-request.js';

/**
 * Which browser origins the identity service trusts, and where its mails link to (ADR 0011).
 *
 * PUBLIC_URL always (and, for a localhost PUBLIC_URL, the loopback addresses on its port). In the
 * embedded mode (no DATABASE_URL) also the origin a visitor used when the request reaches this
 * server directly — no forwarding header, its socket peer no configured proxy — at an address of
 * this very machine (a loopback name, or an address of one of its interfaces): a newcomer opening
 * http://127.0.0.1:8080 or the server's LAN address signs in, and the mails link back there.
 * A DNS name other than localhost is never taken from the Host header: a forged Host would
 * otherwise send reset links to the forger (and better-auth accept its callback URLs); such a
 * deployment sets PUBLIC_URL. A production deployment trusts PUBLIC_URL only.
 */

/** routes.ts sets it (always ours, never the client's) to the trusted direct origin of the request. */
export const DIRECT_ORIGIN_HEADER = 'x-antenne-direct-origin';

/** The origins PUBLIC_URL stands for: itself and, for a localhost URL, the loopback addresses on its port. */
export function publicOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (url.hostname !== 'localhost') return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [url.origin, `${url.protocol}//127.0.0.1${port}`, `${url.protocol}//[::1]${port}`];
}

/** The addresses of this machine's interfaces (read at each call: a laptop changes networks). */
export function machineAddresses(): Set<string> {
  const out = new Set<string>();
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) out.add(normalizeAddress(entry.address));
  }
  return out;
}

export interface OriginPolicy {
  /** PUBLIC_URL's origins. */
  readonly publicOrigins: readonly string[];
  /**
   * The origin this request was made to (scheme://Host), when the embedded mode trusts it: the
   * request came straight from its client to an address of this machine, from a page of that
   * origin (its Origin header, when it has one, is that origin). Null otherwise.
   */
  directOrigin(request: FastifyRequest): string | null;
  /** Whether a browser's Origin may use the identity service for this request. */
  isTrusted(origin: string, directOrigin: string | null): boolean;
}

export function createOriginPolicy(
  config: Pick<Config, 'publicUrl' | 'databaseUrl' | 'trustProxy'>,
  addresses: () => Set<string> = machineAddresses,
): OriginPolicy {
  const origins = publicOrigins(config.publicUrl);
  const embedded = !isProductionDeployment(config);
  const isTrustedProxy = trustedProxyCheck(config.trustProxy);
  return {
    publicOrigins: origins,
    directOrigin(request) {
      if (!embedded || !isDirectRequest(request, isTrustedProxy)) return null;
      const host = splitHost(request.headers.host);
      if (host === undefined) return null;
      const scheme = request.protocol;
      // The port the connection arrived on (a real socket; an injected test request has none).
      const localPort = request.raw.socket.localPort;
      const port = host.port === '' ? (scheme === 'https' ? 443 : 80) : Number(host.port);
      if (localPort !== undefined && port !== localPort) return null;
      if (!isThisMachine(host.hostname, request.raw.socket.localAddress, addresses)) return null;
      const origin = new URL(`${scheme}://${host.hostname}${host.port ? `:${host.port}` : ''}`).origin;
      // A browser's page at another origin than the one it sent the request to: not this one.
      const sent = request.headers.origin?.toLowerCase();
      return sent === undefined || sent === origin ? origin : null;
    },
    isTrusted(origin, directOrigin) {
      const normalized = origin.toLowerCase();
      return origins.includes(normalized) || normalized === directOrigin;
    },
  };
}

function isThisMachine(
  hostname: string,
  localAddress: string | undefined,
  addresses: () => Set<string>,
): boolean {
  if (hostname === 'localhost') return localAddress === undefined || isLoopbackAddress(localAddress);
  const address = normalizeAddress(hostname.replace(/^\[|\]$/g, ''));
  if (isIP(address) === 0) return false;
  return isLoopbackAddress(address) || addresses().has(address);
}

/** The one error body of a refused origin: what to open, or what to set. */
export function untrustedOrigin(origin: string, publicUrl: string): ErrorBody {
  return {
    httpCode: 403,
    message: 'UNTRUSTED_ORIGIN',
    extendedMessage: `the page was opened at ${origin}, which this server does not trust: open it at ${publicUrl}, or set PUBLIC_URL to the address visitors use`,
  };
}

/**
 * A mail link built on PUBLIC_URL, moved to the origin the request came from when that origin is
 * trusted (`directOrigin`): the link itself and an absolute callbackURL/redirectTo in it.
 */
export function linkOnOrigin(
  link: string,
  publicUrl: string,
  directOrigin: string | null | undefined,
): string {
  if (!directOrigin) return link;
  const base = new URL(publicUrl).origin;
  const move = (value: string): string => {
    try {
      const url = new URL(value);
      if (url.origin !== base) return value;
      return `${directOrigin}${url.pathname}${url.search}${url.hash}`;
    } catch {
      return value; // relative: follows the link's origin anyway
    }
  };
  const url = new URL(move(link));
  for (const name of ['callbackURL', 'redirectTo', 'errorCallbackURL']) {
    const value = url.searchParams.get(name);
    if (value !== null) url.searchParams.set(name, move(value));
  }
  return url.toString();
}

/**
 * Said once at start: visitors who use another address than PUBLIC_URL. A localhost PUBLIC_URL
 * on a server listening beyond loopback means visitors from other machines use another address:
 * trusted when they reach the server directly at one of its addresses (embedded mode), never in
 * production.
 */
export function publicUrlWarning(config: Pick<Config, 'publicUrl' | 'host' | 'databaseUrl'>): string | null {
  const publicHost = new URL(config.publicUrl).hostname;
  const localPublicUrl = publicHost === 'localhost' || isLoopbackAddress(publicHost.replace(/^\[|\]$/g, ''));
  const loopbackOnly = config.host === 'localhost' || isLoopbackAddress(config.host);
  if (!localPublicUrl || loopbackOnly) return null;
  return isProductionDeployment(config)
    ? `PUBLIC_URL is ${config.publicUrl} but the server listens on ${config.host}: visitors from other machines cannot sign in and mails link to ${config.publicUrl}; set PUBLIC_URL to the address visitors use`
    : `PUBLIC_URL is ${config.publicUrl} but the server listens on ${config.host}: visitors from other machines sign in only at this server's own addresses (its IP, reached directly, not through a proxy), and need PUBLIC_URL set to the address they use otherwise (a name, a proxy)`;
}
