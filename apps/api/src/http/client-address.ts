import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * Loopback: `npm start` runs the storefront on the same machine, in front of the API, and the
 * storefront's front server (apps/storefront/front-server.mjs) puts the shopper's address in
 * X-Forwarded-For.
 */
export const DEFAULT_TRUSTED_PROXIES: readonly string[] = ['127.0.0.0/8', '::1'];

/** `::ffff:10.0.0.1` (an IPv4 peer of a dual-stack socket) is `10.0.0.1`. */
function normalize(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

/** An IP address or a CIDR range (`10.0.0.0/8`, `fd00::/8`); undefined when it is neither. */
function parseEntry(entry: string): { address: string; prefix?: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', prefix, ...rest] = entry.trim().split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) return { address, family };
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return bits <= (version === 4 ? 32 : 128) ? { address, prefix: bits, family } : undefined;
}

/** Entries of a TRUSTED_PROXIES list that are neither an IP address nor a CIDR range. */
export function invalidProxyEntries(entries: readonly string[]): string[] {
  return entries.filter((entry) => parseEntry(entry) === undefined);
}

/** Whether an address is one of the trusted proxies (IPs, CIDR ranges). */
export function trustedProxyCheck(trustedProxies: readonly string[] = DEFAULT_TRUSTED_PROXIES): (address: string) => boolean {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const parsed = parseEntry(entry);
    if (!parsed) throw new Error(`TRUSTED_PROXIES: "${entry}" is neither an IP address nor a CIDR range`);
    if (parsed.prefix === undefined) trusted.addAddress(parsed.address, parsed.family);
    else trusted.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return (address: string) => {
    const version = isIP(address);
    return version !== 0 && trusted.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * Whether the client reached the shop over TLS: this socket is TLS, or a trusted proxy in front
 * says so (X-Forwarded-Proto: https). Anyone else's header is not believed.
 */
export function requestIsHttps(req: IncomingMessage, isTrusted: (address: string) => boolean): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!isTrusted(normalize(req.socket.remoteAddress ?? ''))) return false;
  const proto = [req.headers['x-forwarded-proto'] ?? []].flat().join(',').split(',')[0]?.trim().toLowerCase();
  return proto === 'https';
}

/** Whether a client address (as clientAddressResolver gives it) is this machine: a tool on the server, not a visitor. */
export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.');
}

/**
 * The address a per-address limit (coupon guessing, cart creation) counts a request against.
 *
 * The socket peer, unless it is a trusted proxy: then X-Forwarded-For is read from the right
 * (each proxy appends the address it saw) and the first address that is not itself a trusted
 * proxy is the client. Only trusted proxies are believed, so a shopper who sends their own
 * X-Forwarded-For straight to the API changes nothing; and the right-most untrusted hop is the
 * one a trusted proxy vouched for, whatever the client prepended.
 */
export function clientAddressResolver(trustedProxies: readonly string[] = DEFAULT_TRUSTED_PROXIES) {
  const isTrusted = trustedProxyCheck(trustedProxies);

  return function clientAddress(req: IncomingMessage): string {
    let address = normalize(req.socket.remoteAddress ?? '');
    if (!isTrusted(address)) return address || 'unknown';
    const header = req.headers['x-forwarded-for'];
    const hops = [header ?? []].flat().join(',').split(',').filter((hop) => hop.trim() !== '');
    for (const raw of hops.reverse()) {
      const hop = normalize(raw);
      // A hop that is no address: keep the last one a trusted proxy vouched for.
      if (isIP(hop) === 0) return address;
      address = hop;
      if (!isTrusted(hop)) return hop;
    }
    return address;
  };
}

export type ClientAddress = ReturnType<typeof clientAddressResolver>;

/** An IPv6 address's eight 16-bit groups; undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  const plain = address.split('%')[0]!; // a zone index (fe80::1%eth0) names the interface, not the host
  if (isIP(plain) !== 6) return undefined;
  const [head = '', tail] = plain.split('::');
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          // An embedded IPv4 tail (64:ff9b::192.0.2.1) is the last two groups.
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key a per-address limit counts a client under: an IPv4 address as it is, an IPv6 client by
 * its /64. One subscriber (or one server) is given a whole /64 and picks any address in it at will,
 * so counting single IPv6 addresses would give a client 2^64 fresh limits.
 */
export function perAddressKey(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
