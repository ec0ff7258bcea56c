/** Watchlist endpoints: list, add, remove, check one DOT, recent changes of watched carriers. */
import { statement, withTransaction } from '../../lib/postgres.ts';
import { TIERS } from '../../lib/domain.ts';
import { accountOf } from '../auth.ts';
import { badRequest, HttpError } from '../errors.ts';
import { bareNumber } from './carriers.ts';
import { bodyOf, pathOf, queryOf, type HandlerFactory, type JsonOf } from './types.ts';

/** GET /v1/watchlist/changes looks back at most this far (spec). */
const WATCHLIST_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/** `since` as an instant: a bare date is midnight UTC (the validator has checked the format). */
function parseSince(since: string): Date {
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(since) ? `${since}T00:00:00Z` : since);
  if (Number.isNaN(at.getTime())) throw badRequest('query.since must be an RFC 3339 date-time or a date (YYYY-MM-DD)');
  return at;
}

type ChangeRow = Omit<JsonOf<'getWatchlistChanges', 200>['changes'][number], 'batch_ts'> & { batch_ts: string };

export const watchlistHandlers: HandlerFactory = ({ pool, clock }) => ({
  listWatchlist: async (_req, res) => {
    const { rows } = await pool.query(statement('api/watchlist-list', [accountOf(res).id]));
    const body: JsonOf<'listWatchlist', 200> = {
      carriers: rows.map((r) => ({ ...r, created_at: (r.created_at as Date).toISOString() })),
      total: rows.length,
    };
    res.json(body);
  },

  addToWatchlist: async (req, res) => {
    const account = accountOf(res);
    // Each distinct carrier once (leading zeros ignored), remembered as first sent.
    const sent = new Map<string, string>();
    for (const dot of bodyOf(req, 'addToWatchlist').dot_numbers) if (!sent.has(bareNumber(dot))) sent.set(bareNumber(dot), dot);
    const dots = [...sent.keys()];
    const cap = TIERS[account.tier].watchlist_cap;
    const result = await withTransaction(pool, async (client) => {
      await client.query(statement('api/watchlist-lock-account', [account.id]));
      const { rows } = await client.query<{ added: number; fresh: number; size: number; missing: string[] }>(
        statement('api/watchlist-add', [account.id, dots, cap, clock()]),
      );
      return rows[0];
    });
    if (result.size + result.fresh > cap) {
      throw new HttpError(
        400,
        'LIMIT_EXCEEDED',
        `Adding ${result.fresh} carriers would take the watchlist to ${result.size + result.fresh}, over the ${account.tier} tier's cap of ${cap}; nothing was added`,
      );
    }
    const body: JsonOf<'addToWatchlist', 200> = {
      added: result.added,
      skipped: dots.length - result.added - result.missing.length,
      not_found: result.missing.map((dot) => sent.get(dot)!),
      status: 'ok',
    };
    res.json(body);
  },

  removeFromWatchlist: async (req, res) => {
    await pool.query(statement('api/watchlist-remove', [accountOf(res).id, bareNumber(pathOf(req, 'removeFromWatchlist').dot_number)]));
    const body: JsonOf<'removeFromWatchlist', 200> = { status: 'removed' };
    res.json(body);
  },

  checkWatchlist: async (req, res) => {
    const dot = bareNumber(queryOf(req, 'checkWatchlist').dot_number);
    const { rows } = await pool.query(statement('api/watchlist-check', [accountOf(res).id, dot]));
    const body: JsonOf<'checkWatchlist', 200> = { dot_number: dot, watching: rows[0].watching };
    res.json(body);
  },

  getWatchlistChanges: async (req, res) => {
    const query = queryOf(req, 'getWatchlistChanges');
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 25;
    const windowStart = new Date(clock().getTime() - WATCHLIST_WINDOW_DAYS * DAY_MS);
    const since = query.since === undefined ? windowStart : parseSince(query.since);
    // Exclusive lower bound: the later of `since` and the start of the 30-day window.
    const bound = since > windowStart ? since : windowStart;
    const { rows } = await pool.query<{ total: number; changes: ChangeRow[] }>(statement('api/watchlist-changes', [
      accountOf(res).id,
      bound,
      query.category ?? null,
      perPage,
      (page - 1) * perPage,
    ]));
    const body: JsonOf<'getWatchlistChanges', 200> = {
      changes: rows[0].changes.map((c) => ({ ...c, batch_ts: new Date(c.batch_ts).toISOString() })),
      total: rows[0].total,
      page,
      per_page: perPage,
      since: bound.toISOString(),
    };
    res.json(body);
  },
});
