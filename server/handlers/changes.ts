/**
 * The change feed: runs with their summaries, one run's rows (or the newest run's), and one
 * carrier's rows. Only succeeded runs not yet purged by the 52-week retention (jobs/retention.ts)
 * are in the feed.
 */
import { statement, type Pool } from '../../lib/postgres.ts';
import { SUMMARY_KEYS } from '../../lib/domain.ts';
import type { components } from '../../generated/openapi.ts';
import { badRequest, notFound } from '../errors.ts';
import { notModified } from '../etag.ts';
import { bareNumber } from './carriers.ts';
import { pathOf, queryOf, type HandlerFactory, type JsonOf } from './types.ts';

type Schemas = components['schemas'];
type Summary = Schemas['RunSummary'];
type Category = Schemas['ChangeCategory'];

/** The ten summary keys of a stored or counted summary, 0 for any missing. */
function summaryOf(stored: Record<string, unknown> | null): Summary {
  const out = {} as Record<string, number>;
  for (const key of [...Object.values(SUMMARY_KEYS), 'total_changes']) out[key] = Number(stored?.[key] ?? 0);
  return out as Summary;
}

/**
 * The validator coerces integers loosely: `page=1e309` arrives as Infinity and a path value like
 * `1e2` passes as a string. Only plain decimal digits make a page, a page size or a run id.
 */
function whole(value: unknown, name: string): number {
  const n = typeof value === 'number' ? value : /^\d+$/.test(String(value)) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw badRequest(`${name} must be a whole number`);
  return n;
}

/** page/per_page with their defaults, as safe integers. */
function paging(q: { page?: number; per_page?: number }, perPageDefault: number) {
  return { page: whole(q.page ?? 1, 'page'), perPage: whole(q.per_page ?? perPageDefault, 'per_page') };
}

/** One query for total + page: the SQL returns one row with NULL columns for an empty page. */
function pageOf<T extends { total: number }>(rows: T[], present: (r: T) => boolean) {
  return { total: rows[0]?.total ?? 0, rows: rows.filter(present) };
}

interface RunHeader {
  etl_run_id: number;
  batch_ts: Date;
  summary: Record<string, unknown>;
}

async function runDetail(
  pool: Pool,
  runId: number | null,
  q: { category?: Category; state?: string; page?: number; per_page?: number },
): Promise<Schemas['RunDetail']> {
  const header = (await pool.query<RunHeader>(statement('api/changes-run', [runId]))).rows[0];
  if (!header) {
    throw notFound(runId === null ? 'No ETL run has been loaded yet' : `No run ${runId} in the change feed (unknown, unfinished, or older than the 52-week retention)`);
  }
  const { page, perPage } = paging(q, 50);
  const { rows } = await pool.query(statement('api/changes-run-rows', [
    header.etl_run_id,
    q.category ?? null,
    q.state ? q.state.toUpperCase() : null,
    perPage,
    (page - 1) * perPage,
  ]));
  const p = pageOf(rows, (r) => r.dot_number !== null);
  return {
    etl_run_id: header.etl_run_id,
    batch_ts: header.batch_ts.toISOString(),
    summary: summaryOf(header.summary),
    changes: p.rows.map((r) => ({
      dot_number: r.dot_number,
      carrier_name: r.carrier_name,
      category: r.category,
      old_values: r.old_values,
      new_values: r.new_values,
    })),
    total: p.total,
    page,
    per_page: perPage,
  };
}

export const changeHandlers: HandlerFactory = ({ pool }) => ({
  listChangeRuns: async (req, res) => {
    const { page, perPage: per_page } = paging(queryOf(req, 'listChangeRuns'), 10);
    const { rows } = await pool.query(statement('api/changes-runs', [per_page, (page - 1) * per_page]));
    const p = pageOf(rows, (r) => r.etl_run_id !== null);
    const body: JsonOf<'listChangeRuns', 200> = {
      runs: p.rows.map((r) => ({ etl_run_id: r.etl_run_id, batch_ts: r.batch_ts.toISOString(), summary: summaryOf(r.summary) })),
      total: p.total,
      page,
      per_page,
    };
    res.json(body);
  },

  getLatestChanges: async (req, res) => {
    const body: JsonOf<'getLatestChanges', 200> = await runDetail(pool, null, queryOf(req, 'getLatestChanges'));
    res.json(body);
  },

  getChangeRun: async (req, res) => {
    const { etl_run_id } = pathOf(req, 'getChangeRun');
    const body: JsonOf<'getChangeRun', 200> = await runDetail(pool, whole(etl_run_id, 'etl_run_id'), queryOf(req, 'getChangeRun'));
    res.json(body);
  },

  getCarrierChanges: async (req, res) => {
    const dot = bareNumber(pathOf(req, 'getCarrierChanges').dot_number);
    const q = queryOf(req, 'getCarrierChanges');
    const category = q.category;
    const { page, perPage: per_page } = paging(q, 50);
    const { rows } = await pool.query(statement('api/changes-carrier', [dot, category ?? null, per_page, (page - 1) * per_page]));
    const p = pageOf(rows, (r) => r.etl_run_id !== null);
    // The answer moves only when a run enters or leaves the feed.
    const feed = rows[0] ? `${rows[0].newest_run ?? 0}.${rows[0].oldest_run ?? 0}` : '0';
    if (notModified(req, res, 'changes', feed, dot, category ?? 'all', page, per_page)) return;
    const body: JsonOf<'getCarrierChanges', 200> = {
      dot_number: dot,
      changes: p.rows.map((r) => ({
        etl_run_id: r.etl_run_id,
        batch_ts: r.batch_ts.toISOString(),
        category: r.category,
        old_values: r.old_values,
        new_values: r.new_values,
      })),
      total: p.total,
      page,
      per_page,
    };
    res.json(body);
  },
});
