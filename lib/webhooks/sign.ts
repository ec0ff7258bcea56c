/**
 * Webhook signatures. Every delivery carries two, both HMAC-SHA256 keyed with the UTF-8 bytes of
 * the secret string exactly as the API returned it (64 hex characters):
 * - `X-Service-Signature: sha256=<hex>` over the raw body (the spec's header; GitHub's format, so
 *   e.g. @octokit/webhooks-methods `verify(secret, body, header)` checks it);
 * - Standard Webhooks `webhook-id` / `webhook-timestamp` / `webhook-signature: v1,<base64>` over
 *   `<id>.<timestamp>.<body>`, which lets receivers reject replays by their timestamp.
 */
import crypto from 'node:crypto';

export type WebhookEvent = 'watchlist.changes' | 'watchlist.test' | 'watchlist.upcoming';

const hmac = (secret: string, data: string) => crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(data, 'utf8');

/** The Standard Webhooks message id of a delivery: stable across its retries. */
const messageId = (deliveryId: number): string => `msg_${deliveryId}`;

/**
 * @example
 * signatureHeaders({ secret, body, event: 'watchlist.test', deliveryId: 7, timestamp: 1767225600 })
 * // → { 'X-Service-Signature': 'sha256=…', 'X-Service-Event': 'watchlist.test', 'webhook-id': 'msg_7', … }
 */
export function signatureHeaders(args: {
  secret: string;
  body: string;
  event: WebhookEvent;
  deliveryId: number;
  /** Unix seconds of this attempt. */
  timestamp: number;
}): Record<string, string> {
  const id = messageId(args.deliveryId);
  const ts = String(args.timestamp);
  return {
    'X-Service-Signature': `sha256=${hmac(args.secret, args.body).digest('hex')}`,
    'X-Service-Event': args.event,
    'webhook-id': id,
    'webhook-timestamp': ts,
    'webhook-signature': `v1,${hmac(args.secret, `${id}.${ts}.${args.body}`).digest('base64')}`,
  };
}
