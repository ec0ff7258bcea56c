/**
 * The one JSON serialisation receipts hash and sign: RFC 8785, the JSON Canonicalization Scheme
 * (keys sorted by UTF-16 code units, no whitespace, ECMAScript number and string forms), by the
 * `canonicalize` package of one of its authors. Any JCS implementation, in any language,
 * reproduces the same bytes from the same JSON value, so a verifier needs no copy of ours.
 */
import crypto from 'node:crypto';
import canonicalize from 'canonicalize';

export const CANONICALIZATION = 'RFC8785';

/** The RFC 8785 serialisation of a JSON value. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('canonicalJson: the value has no JSON form');
  return text;
}

/**
 * Lowercase hex SHA-256 of the value's RFC 8785 serialisation (UTF-8).
 *
 * @example canonicalSha256({ b: 1, a: 2 }) === sha256('{"a":2,"b":1}')
 */
export function canonicalSha256(value: unknown): string {
  return crypto.createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
}
