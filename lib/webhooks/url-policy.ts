/**
 * Which webhook URLs we accept and which addresses we connect to.
 *
 * Always (spec): absolute `http://` or `https://` URLs; the hosts localhost, 127.0.0.1, ::1 and
 * 0.0.0.0 are refused, compared as addresses after parsing (addresses.ts), so `http://127.1/`,
 * `http://[::ffff:7f00:1]/` and `http://[::]/` are caught too. Other loopback addresses such as
 * 127.0.0.2 pass: the spec names literals, not ranges. Beyond the spec, and whatever
 * WEBHOOK_BLOCK_PRIVATE says: link-local and cloud-metadata literals (169.254.0.0/16, fe80::/10,
 * fd00:ec2::254), and URLs carrying credentials (they would sit in the database and the attempt
 * log; receivers authenticate us by the signature). The URL is stored in the parser's spelling
 * (`normalisedWebhookUrl`), so what was checked is what is stored and connected to.
 *
 * With WEBHOOK_BLOCK_PRIVATE=true (beyond the spec) a host that is, or resolves to, a private,
 * loopback, link-local or otherwise non-public address is refused as well, both when the URL is
 * set and at every connection (`guardedLookup`), so a DNS answer that changes later (rebinding)
 * cannot reach an internal service either.
 */
import dns from 'node:dns';
import type net from 'node:net';
import { canonicalAddress, isNonPublicAddress, LINK_LOCAL_OR_METADATA, literalIn, REFUSED_LITERALS } from './addresses.ts';

;

const REFUSED_NAMES = new Set(['localhost', 'localhost.']);

/** The contract's maxLength and the webhooks.url column's check, for the stored (encoded) spelling. */
const MAX_URL_LENGTH = 2048;

/**
 * The WHATWG parser also takes `http:/host`, `http:\\host` and `HTTP://host`, guessing what was
 * meant; only the plain form names a host unambiguously, so only it is accepted (any case of
 * the scheme: the stored spelling is the parser's, lower case).
 */
const PLAIN_FORM = /^https?:\/\/[^/\\]/i;

/** The host of a parsed URL without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The URL in the one spelling that is stored: the WHATWG serialisation (scheme and host in lower case). */
export const normalisedWebhookUrl = (raw: string): string => new URL(raw).href;

/**
 * Why `raw` is not an acceptable webhook URL, or null when it is. The messages never repeat the
 * URL, which may carry a password.
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
    return 'url must be an absolute http or https URL (http://host/path)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `url: the scheme ${url.protocol.replace(/:$/, '')} is not allowed (http or https only)`;
  if (!PLAIN_FORM.test(raw)) return 'url must start with http:// or https:// followed by the host';
  if (!url.hostname) return 'url must name a host';
  if (url.href.length > MAX_URL_LENGTH) return `url must be at most ${MAX_URL_LENGTH} characters once percent-encoded`;
  if (url.username || url.password) return 'url must not carry a user name or password; receivers verify deliveries by their signature';
  if (REFUSED_NAMES.has(url.hostname) || literalIn(REFUSED_LITERALS, url.hostname)) return `url: the host ${url.hostname} is not allowed`;
  if (literalIn(LINK_LOCAL_OR_METADATA, url.hostname)) return `url: the address ${bareHost(url)} is link-local or a cloud metadata endpoint`;
  if (!opts.blockPrivate) return null;
  const host = bareHost(url);
  if (canonicalAddress(host)) return isNonPublicAddress(host) ? `url: the address ${host} is private or loopback` : null;
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
class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
}

/**
 * Why a stored URL must not be connected to, for IP-literal hosts (connections to literals skip
 * DNS, so `guardedLookup` never sees them): link-local and metadata literals always (a URL stored
 * before they were refused), non-public ones with WEBHOOK_BLOCK_PRIVATE.
 */
export function connectionProblem(rawUrl: string, opts: { blockPrivate: boolean }): string | null {
  const host = bareHost(new URL(rawUrl));
  if (literalIn(LINK_LOCAL_OR_METADATA, host)) return `the address ${host} is link-local or a cloud metadata endpoint`;
  return opts.blockPrivate && isNonPublicAddress(host) ? `the address ${host} is private or loopback` : null;
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
