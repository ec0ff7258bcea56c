/**
 * Which webhook URLs we accept and which addresses we connect to.
 *
 * Always (spec): absolute http/https URLs; the host literals localhost, 127.0.0.1, ::1 and 0.0.0.0
 * are refused. The WHATWG parser normalises spellings first, so `http://127.1/`, `http://0/` and
 * `http://[0:0::1]/` are caught too. Other loopback addresses such as 127.0.0.2 pass: the spec
 * names literals, not ranges.
 *
 * With WEBHOOK_BLOCK_PRIVATE=true (beyond the spec) a host that is, or resolves to, a private,
 * loopback, link-local or otherwise non-public address is refused as well, both when the URL is
 * set and at every connection (`guardedLookup`), so a DNS answer that changes later (rebinding)
 * cannot reach an internal service either.
 */
import dns from 'node:dns';
import net from 'node:net';

const REFUSED_HOSTS = new Set(['localhost', 'localhost.', '127.0.0.1', '[::1]', '0.0.0.0']);

const NON_PUBLIC = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata endpoints
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NON_PUBLIC.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48], // local-use NAT64
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(prefix, bits, 'ipv6');
}

/** Whether an IP address is private, loopback, link-local or otherwise not on the public internet. */
export function isNonPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return NON_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible forms carry an IPv4 address.
  const mapped = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return NON_PUBLIC.check(mapped[1], 'ipv4');
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) {
    const hi = parseInt(hexMapped[1], 16);
    const lo = parseInt(hexMapped[2], 16);
    return NON_PUBLIC.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
  }
  return NON_PUBLIC.check(address, 'ipv6');
}

/** The host of a parsed URL without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why `raw` is not an acceptable webhook URL, or null when it is.
 *
 * @example await webhookUrlProblem('http://localhost:8080/hook', { blockPrivate: false })
 * // → 'url: the host localhost is not allowed'
 */
export async function webhookUrlProblem(
  raw: string,
  opts: { blockPrivate: boolean; lookup?: typeof dns.promises.lookup },
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `url: the scheme ${url.protocol.replace(/:$/, '')} is not allowed (http or https only)`;
  if (!url.hostname) return 'url must name a host';
  if (REFUSED_HOSTS.has(url.hostname)) return `url: the host ${url.hostname} is not allowed`;
  if (!opts.blockPrivate) return null;
  const host = bareHost(url);
  if (net.isIP(host)) return isNonPublicAddress(host) ? `url: the address ${host} is private or loopback` : null;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await (opts.lookup ?? dns.promises.lookup)(host, { all: true, verbatim: true });
  } catch {
    return `url: the host ${host} does not resolve`;
  }
  const bad = addresses.find((a) => isNonPublicAddress(a.address));
  return bad ? `url: the host ${host} resolves to the private or loopback address ${bad.address}` : null;
}

/** A refusal to connect, raised by `guardedLookup` or `connectionProblem`. */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
}

/** For a blocked IP-literal host (connections to literals skip DNS, so `guardedLookup` never sees them). */
export function connectionProblem(rawUrl: string): string | null {
  const host = bareHost(new URL(rawUrl));
  return net.isIP(host) && isNonPublicAddress(host) ? `the address ${host} is private or loopback` : null;
}

/**
 * A `lookup` for http(s).request that resolves like dns.lookup but fails the connection when any
 * address is non-public, so what is checked is exactly what is connected to.
 */
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as unknown as dns.LookupAddress[];
    const bad = list.find((a) => isNonPublicAddress(a.address));
    if (bad) return callback(new BlockedAddressError(`${hostname} resolves to the private or loopback address ${bad.address}`), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    return callback(null, list[0].address, list[0].family);
  });
};
