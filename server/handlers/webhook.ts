/**
 * Webhook endpoints: configuration (get, put, disable, rotate the secret), a synchronous signed
 * test delivery, and the deliveries log. Deliveries themselves run in jobs/webhook-delivery.ts.
 */
import type { components } from '../../generated/openapi.ts';
import { statement } from '../../lib/postgres.ts';
import { attemptDelivery } from '../../lib/webhooks/attempt.ts';
import { newWebhookSecret, sealWebhookSecret } from '../../lib/webhooks/secret.ts';
import { normalisedWebhookUrl, webhookUrlProblem } from '../../lib/webhooks/url-policy.ts';
import { accountOf } from '../auth.ts';
import { clamped, clampOf } from '../number-params.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { bodyOf, queryOf, type HandlerFactory, type JsonOf } from './types.ts';

type WebhookConfig = JsonOf<'getWebhook', 200>;

interface WebhookRow {
  account_id: number;
  url: string;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

const NO_WEBHOOK = 'No webhook is configured for this account (PUT /v1/watchlist/webhook creates one)';
const disabled = () =>
  new HttpError(409, 'WEBHOOK_DISABLED', 'The webhook is disabled, so nothing is sent to it; PUT /v1/watchlist/webhook enables it again (with a new secret)');

function present(row: WebhookRow, secret?: string): WebhookConfig {
  return {
    account_id: row.account_id,
    url: row.url,
    enabled: row.enabled,
    ...(secret === undefined ? {} : { secret }),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Deliveries `limit`: default 20, clamped to [1, 100], malformed → 20 (openapi.yaml x-clamp). */
const DELIVERIES_LIMIT = clampOf('listWebhookDeliveries', 'limit');

export const webhookHandlers: HandlerFactory = ({ pool, config, clock }) => ({
  getWebhook: async (_req, res) => {
    const row = (await pool.query<WebhookRow>(statement('api/webhook-get', [accountOf(res).id]))).rows[0];
    if (!row) throw notFound(NO_WEBHOOK);
    res.json(present(row));
  },

  putWebhook: async (req, res) => {
    const raw = bodyOf(req, 'putWebhook').url;
    const problem = await webhookUrlProblem(raw, { blockPrivate: config.webhookBlockPrivate });
    if (problem) throw badRequest(problem);
    const url = normalisedWebhookUrl(raw);
    const secret = newWebhookSecret();
    const { rows } = await pool.query<WebhookRow & { secret_shown: boolean }>(statement('api/webhook-put', [
      accountOf(res).id,
      url,
      sealWebhookSecret(config, secret),
      clock(),
    ]));
    // The secret is shown once, when this request created the webhook or re-enabled a disabled
    // one (spec: none/disabled → enabled generates it); updates of an enabled one keep theirs.
    res.json(present(rows[0], rows[0].secret_shown ? secret : undefined));
  },

  deleteWebhook: async (_req, res) => {
    const row = (await pool.query<WebhookRow>(statement('api/webhook-disable', [accountOf(res).id, clock()]))).rows[0];
    if (!row) throw notFound(NO_WEBHOOK);
    res.json(present(row));
  },

  rotateWebhookSecret: async (_req, res) => {
    const secret = newWebhookSecret();
    const { rows } = await pool.query<WebhookRow>(statement('api/webhook-rotate', [accountOf(res).id, sealWebhookSecret(config, secret), clock()]));
    if (!rows[0]) throw notFound(NO_WEBHOOK);
    res.json(present(rows[0], secret));
  },

  testWebhook: async (_req, res) => {
    const account = accountOf(res);
    const hook = (await pool.query<{ enabled: boolean }>(statement('api/webhook-for-test', [account.id]))).rows[0];
    if (!hook) throw notFound(NO_WEBHOOK);
    if (!hook.enabled) throw disabled();
    const now = clock();
    const event: components['schemas']['WatchlistTestEvent'] = {
      event: 'watchlist.test',
      account_id: account.id,
      sent_at: now.toISOString(),
      message: 'Test event from the Carrier Data webhook settings; no action needed.',
    };
    const { rows } = await pool.query<{ id: number }>(statement('api/webhook-insert-test-delivery', [account.id, JSON.stringify(event), now]));
    // One attempt, no retries. No outcome: the webhook was disabled since the check above (the
    // attempt then drops the delivery instead of sending it).
    const outcome = await attemptDelivery({ pool, config, clock }, rows[0].id, 1, { retryDelays: [] });
    if (!outcome) throw disabled();
    const body: JsonOf<'testWebhook', 200> = {
      attempts: 1,
      duration_ms: outcome.duration_ms,
      error: outcome.error ?? '',
      status_code: outcome.status_code ?? 0,
      success: outcome.success,
    };
    res.json(body);
  },

  listWebhookDeliveries: async (req, res) => {
    const limit = clamped(queryOf(req, 'listWebhookDeliveries').limit, DELIVERIES_LIMIT);
    const { rows } = await pool.query(statement('api/webhook-deliveries', [accountOf(res).id, limit]));
    const body: JsonOf<'listWebhookDeliveries', 200> = {
      deliveries: rows.map((r) => ({
        ...r,
        created_at: (r.created_at as Date).toISOString(),
        next_attempt_at: r.next_attempt_at ? (r.next_attempt_at as Date).toISOString() : null,
      })),
      limit,
    };
    res.json(body);
  },
});
