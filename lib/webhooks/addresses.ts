/**
 * IP addresses as webhook rules see them: one spelling per address, then membership in address
 * lists, never string comparison. `::ffff:127.0.0.1`, `::ffff:7f00:1` and `127.0.0.1` are one
 * address to the kernel that connects to it, so they are one address here too.
 */
import net from 'node:net';

export interface Address {
  address: string;
  family: 'ipv4' | 'ipv6';
}

/** The IPv4 address in the last 32 bits of a canonical IPv6 address, from two hex groups. */
const ipv4From = (hi: string, lo: string) => {
  const h = parseInt(hi, 16);
  const l = parseInt(lo, 16);
  return `${h >> 8}.${h & 255}.${l >> 8}.${l & 255}`;
};

/**
 * The canonical form of an IP literal, or null for a name. IPv6 is compressed and lower case (the
 * WHATWG URL serialiser's form), and an IPv4-mapped (`::ffff:a.b.c.d`) or IPv4-compatible
 * (`::a.b.c.d`) IPv6 address becomes the IPv4 address it carries.
 *
 * @example canonicalAddress('[::FFFF:127.0.0.1]') // → { address: '127.0.0.1', family: 'ipv4' }
 */
export function canonicalAddress(host: string): Address | null {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const family = net.isIP(bare);
  if (family === 4) return { address: bare, family: 'ipv4' };
  if (family !== 6) return null;
  const compressed = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const embedded = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(compressed);
  return embedded ? { address: ipv4From(embedded[1], embedded[2]), family: 'ipv4' } : { address: compressed, family: 'ipv6' };
}

function list(entries: readonly (readonly [string, number])[]): net.BlockList {
  const blocks = new net.BlockList();
  for (const [prefix, bits] of entries) blocks.addSubnet(prefix, bits, net.isIP(prefix) === 4 ? 'ipv4' : 'ipv6');
  return blocks;
}

/** The host literals the spec refuses (localhost, 127.0.0.1, ::1, 0.0.0.0), with `::` beside 0.0.0.0. */
export const REFUSED_LITERALS = list([
  ['127.0.0.1', 32],
  ['0.0.0.0', 32],
  ['::1', 128],
  ['::', 128],
]);

/**
 * Refused whatever WEBHOOK_BLOCK_PRIVATE says: link-local addresses, where the cloud metadata
 * services answer (169.254.169.254, AWS's fd00:ec2::254) and hand out credentials.
 */
export const LINK_LOCAL_OR_METADATA = list([
  ['169.254.0.0', 16],
  ['fe80::', 10],
  ['fd00:ec2::254', 128],
]);

/** Private, loopback, link-local and other non-public ranges (WEBHOOK_BLOCK_PRIVATE=true). */
const NON_PUBLIC = list([
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
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48], // local-use NAT64
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
]);

/** Whether the literal `host` is in `blocks` (false for a name). */
export function literalIn(blocks: net.BlockList, host: string): boolean {
  const a = canonicalAddress(host);
  return a !== null && blocks.check(a.address, a.family);
}

/** Whether an IP address is private, loopback, link-local or otherwise not on the public internet. */
export const isNonPublicAddress = (address: string): boolean => literalIn(NON_PUBLIC, address);
