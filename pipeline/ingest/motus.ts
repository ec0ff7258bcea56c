/**
 * The Motus state: each Motus dataset as it stands on the run's date, kept with the run (run file
 * `motus`, tables `<role>_state` of the raw published columns). A day's All-With-History file is
 * the state; a Daily Difference applies on top of the previous run's state, which must be of the
 * day before (a missed day cannot be recovered from differences: re-baseline from the full set).
 *
 * A difference row whose columns are all blank or zero apart from its keys is a deletion
 * (FMCSA: "daily difference files utilize blank strings to signal downstream drop/deletion
 * events"): it removes the state's rows of its docket, narrowed by whichever of its other keys
 * (USDOT number, authority type, policy number) it fills. Deletions apply first, then each other
 * row replaces the state's rows of the same identity. Each deletion is logged with its line.
 */
import path from 'node:path';
import { ADAPTERS, type Adapter, type Role } from '../adapters/index.ts';
import type { RunContext } from '../context.ts';
import { duckRows, lit } from '../duck.ts';
import { InputError } from '../errors.ts';
import { hasRunFile, openRunFile, publishRunFile } from '../carried-tables.ts';
import { previousRun } from '../etl-runs.ts';
import type { MotusFiles } from './plan.ts';
import { acceptedRecordNumbers, recordsAt } from './records.ts';
import { inFileOrder, scanFile, type BadRow } from './scan.ts';
import { adapterView, defineFileViews, type Source } from './views.ts';

type MotusRole = Extract<Role, `motus_${string}`>;

/**
 * Per dataset: the keys a deletion may fill, and a row's identity (the columns a newer row
 * replaces it by; 'row' = the whole row, for event histories, where a new row is a new event).
 */
const KEYS: Record<MotusRole, { deleteBy: string[]; identity: string[] | 'row' }> = {
  motus_carrier: { deleteBy: ['docket_number', 'dot_number', 'op_auth_type'], identity: ['docket_number', 'op_auth_type'] },
  motus_insurance: {
    deleteBy: ['docket_number', 'dot_number', 'policy_no'],
    identity: ['docket_number', 'ins_form_code', 'ins_type_code', 'ins_class_code', 'policy_no', 'effective_date'],
  },
  motus_inshist: { deleteBy: ['docket_number', 'dot_number', 'policy_no'], identity: 'row' },
  motus_authhist: { deleteBy: ['docket_number', 'dot_number', 'op_auth_type'], identity: 'row' },
  motus_revocation: {
    deleteBy: ['docket_number', 'dot_number', 'op_auth_type'],
    identity: ['docket_number', 'op_auth_type', 'order1_serve_date', 'order1_type_desc'],
  },
};

const MOTUS_ROLES = Object.keys(KEYS) as MotusRole[];
const stateTable = (role: string) => `${role}_state`;

/** A column's value as keys compare it: canonical docket, unpadded DOT, trimmed upper case. */
const canon = (col: string, alias: string) => {
  const v = `${alias}."${col}"`;
  if (col === 'docket_number') return `(docket_prefix_of(${v}) || coalesce(docket_number_of(${v}), ''))`;
  if (col === 'dot_number') return `coalesce(dot_of(${v}), '')`;
  return `utxt(${v})`;
};
const blankOrZero = (v: string) => `(coalesce(trim(${v}), '') = '' OR coalesce(TRY_CAST(trim(${v}) AS DECIMAL(18, 3)) = 0, false))`;

/** Whether a row (alias r) is a deletion: docket filled, every non-key column blank or zero. */
function isDeletion(adapter: Adapter, alias: string): string {
  const { deleteBy } = KEYS[adapter.role as MotusRole];
  const others = adapter.columns.filter((c) => !deleteBy.includes(c));
  return `(NOT ${blankOrZero(`${alias}.docket_number`)} AND ${others.map((c) => blankOrZero(`${alias}."${c}"`)).join(' AND ')})`;
}

const identityOf = (adapter: Adapter, alias: string) => {
  const { identity } = KEYS[adapter.role as MotusRole];
  return (identity === 'row' ? adapter.columns : identity).map((c) => canon(c, alias)).join(', ');
};

export interface MotusResult {
  /** Rows of each dataset's state after the day. */
  rows: Record<string, number>;
  bad: BadRow[];
  /** Per dataset: what the day brought (full set, difference), rows deleted and replaced. */
  detail: Record<string, { full: number | null; diff: number | null; deleted: number; deletions: number }>;
}

/** The good rows of a Motus file (temp table `name`: the canonical raw columns and `_row`). */
async function goodRows(ctx: RunContext, src: Source, name: string): Promise<{ bad: BadRow[]; rejected: number[] }> {
  const scan = await scanFile(ctx, ctx.schema, src);
  await defineFileViews(ctx.duck, ctx.schema, src, true);
  await inFileOrder(ctx, () =>
    ctx.duck.run(
      `CREATE OR REPLACE TEMP TABLE ${name} AS
       SELECT s.* FROM ${ctx.schema}.${src.view}_src s
       SEMI JOIN (SELECT _row FROM ${ctx.schema}.${src.view} WHERE _error IS NULL) g ON g._row = s._row`,
    ),
  );
  return { bad: scan.bad, rejected: scan.rejected };
}

/** The previous run whose Motus state this run continues, when it kept one. */
async function stateBase(ctx: RunContext): Promise<number | null> {
  const prev = await previousRun(ctx.pool, ctx.batchTs);
  return prev && hasRunFile(ctx.config, prev.etl_run_id, 'motus') ? prev.etl_run_id : null;
}

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Builds the run's Motus state (run file `motus`) from the previous run's and the day's files.
 * A day without Motus files keeps the previous state as it was (and its date).
 */
export async function buildMotusState(ctx: RunContext, files: MotusFiles[], encodingOf: (file: string) => Source['encoding']): Promise<MotusResult> {
  const base = await stateBase(ctx);
  const catalog = await openRunFile(ctx, 'motus', base);
  const result: MotusResult = { rows: {}, bad: [], detail: {} };
  if (base === null) {
    for (const role of MOTUS_ROLES) {
      const adapter = ADAPTERS.find((a) => a.role === role)!;
      await ctx.duck.run(`CREATE TABLE ${catalog}.${stateTable(role)} (${adapter.columns.map((c) => `"${c}" VARCHAR`).join(', ')})`);
    }
    await ctx.duck.run(`CREATE TABLE ${catalog}.motus_as_of (role VARCHAR, as_of DATE)`);
  }
  for (const f of files) {
    const table = `${catalog}.${stateTable(f.role)}`;
    const cols = f.adapter.columns.map((c) => `"${c}"`).join(', ');
    const detail = { full: null as number | null, diff: null as number | null, deleted: 0, deletions: 0 };
    if (f.full) {
      const src: Source = { ...f.full, encoding: encodingOf(f.full.file) };
      const { bad } = await goodRows(ctx, src, 'motus_full_rows');
      result.bad.push(...bad);
      const [{ n, dropped }] = await duckRows<{ n: number; dropped: number }>(
        ctx.duck,
        `SELECT count(*) FILTER (NOT ${isDeletion(f.adapter, 'r')}) AS n, count(*) FILTER (${isDeletion(f.adapter, 'r')}) AS dropped FROM motus_full_rows r`,
      );
      if (dropped > 0) ctx.logger.warn({ file: path.basename(f.full.file), rows: dropped }, 'rows with only their keys in a full set; left out');
      await ctx.duck.run(`DELETE FROM ${table}; INSERT INTO ${table} SELECT ${cols} FROM motus_full_rows r WHERE NOT ${isDeletion(f.adapter, 'r')}; DROP TABLE motus_full_rows`);
      detail.full = n;
    } else if (f.diff) {
      const [prev] = await duckRows<{ as_of: string | null }>(
        ctx.duck,
        `SELECT CAST(max(as_of) AS VARCHAR) AS as_of FROM ${catalog}.motus_as_of WHERE role = ${lit(f.role)}`,
      );
      const want = dayBefore(ctx.batchDate);
      if (prev?.as_of !== want) {
        const full = f.adapter.datasets[0];
        throw new InputError(
          path.basename(f.diff.file),
          null,
          prev?.as_of
            ? `is the difference to ${want}, but the Motus state loaded is of ${prev.as_of}: a day is missing; add the All-With-History set ${full}.csv to re-baseline`
            : `is a daily difference with no state to apply it to: add the All-With-History set ${full}.csv to the day folder`,
        );
      }
    }
    if (f.diff) {
      const src: Source = { ...f.diff, encoding: encodingOf(f.diff.file) };
      const { bad, rejected } = await goodRows(ctx, src, 'motus_diff_rows');
      result.bad.push(...bad);
      const { deleteBy } = KEYS[f.role as MotusRole];
      const match = deleteBy
        .map((c, i) => (i === 0 ? `${canon(c, 's')} = ${canon(c, 'd')}` : `(${canon(c, 'd')} = '' OR ${canon(c, 's')} = ${canon(c, 'd')})`))
        .join(' AND ');
      await ctx.duck.run(`CREATE OR REPLACE TEMP TABLE motus_deletions AS SELECT * FROM motus_diff_rows r WHERE ${isDeletion(f.adapter, 'r')}`);
      const deletions = await duckRows<{ _row: number; docket: string; n: number }>(
        ctx.duck,
        `SELECT d._row, d.docket_number AS docket, (SELECT count(*) FROM ${table} s WHERE ${match}) AS n FROM motus_deletions d ORDER BY d._row`,
      );
      if (deletions.length) {
        const header = f.diff.binding.header !== null;
        const records = acceptedRecordNumbers(deletions.map((d) => d._row), rejected, header);
        const at = await recordsAt(f.diff.file, records);
        for (const [i, d] of deletions.entries()) {
          ctx.logger.info({ file: path.basename(f.diff.file), line: at.get(records[i])?.line, docket: d.docket, rows: d.n }, 'Motus deletion applied');
        }
      }
      await ctx.duck.run(`DELETE FROM ${table} s WHERE EXISTS (SELECT 1 FROM motus_deletions d WHERE ${match})`);
      await ctx.duck.run(
        `CREATE OR REPLACE TEMP TABLE motus_upserts AS
         SELECT * FROM motus_diff_rows r WHERE NOT ${isDeletion(f.adapter, 'r')}
         QUALIFY row_number() OVER (PARTITION BY ${identityOf(f.adapter, 'r')} ORDER BY _row DESC) = 1`,
      );
      await ctx.duck.run(
        `DELETE FROM ${table} s WHERE (${identityOf(f.adapter, 's')}) IN (SELECT (${identityOf(f.adapter, 'u')}) FROM motus_upserts u);
         INSERT INTO ${table} SELECT ${cols} FROM motus_upserts;`,
      );
      const [{ n }] = await duckRows<{ n: number }>(ctx.duck, 'SELECT count(*) AS n FROM motus_diff_rows');
      detail.diff = n;
      detail.deletions = deletions.length;
      detail.deleted = deletions.reduce((a, d) => a + d.n, 0);
      await ctx.duck.run('DROP TABLE motus_diff_rows; DROP TABLE motus_deletions; DROP TABLE motus_upserts');
    }
    await ctx.duck.run(
      `DELETE FROM ${catalog}.motus_as_of WHERE role = ${lit(f.role)};
       INSERT INTO ${catalog}.motus_as_of VALUES (${lit(f.role)}, DATE ${lit(ctx.batchDate)})`,
    );
    result.detail[f.role] = detail;
  }
  await publishRunFile(ctx, 'motus');
  for (const role of MOTUS_ROLES) {
    const [{ n }] = await duckRows<{ n: number }>(ctx.duck, `SELECT count(*) AS n FROM ${ctx.schema}.${stateTable(role)}`);
    result.rows[role] = n;
  }
  return result;
}

/**
 * The views over the state in `schema`: `<role>_src` (its rows; with `dots`, a query of DOT
 * numbers, only theirs) and the adapter's `<role>`.
 */
export async function defineMotusViews(ctx: RunContext, schema: string, adapters: readonly Adapter[], dots: string | null): Promise<void> {
  for (const a of adapters.filter((x) => MOTUS_ROLES.includes(x.role as MotusRole))) {
    const where = dots ? `WHERE coalesce(dot_of(dot_number), '') IN (${dots})` : '';
    await ctx.duck.run(
      `CREATE OR REPLACE VIEW ${schema}.${a.role}_src AS SELECT NULL::BIGINT AS _row, * FROM ${ctx.schema}.${stateTable(a.role)} ${where};` +
        adapterView(schema, a.role, a.name, `${schema}.${a.role}_src`),
    );
  }
}

/** Each state table's rows as hashed lines keyed by DOT, for the input delta's line sums. */
export const stateLines = (ctx: RunContext, adapters: readonly Adapter[]): string[] =>
  adapters
    .filter((a) => MOTUS_ROLES.includes(a.role as MotusRole))
    .map(
      (a, k) =>
        `SELECT ${-1 - k} AS file, coalesce(dot_of(dot_number), '') AS dot_number,
                hash(${lit(a.role)}, ${a.columns.map((c) => `"${c}"`).join(', ')}) AS h, false AS split
         FROM ${ctx.schema}.${stateTable(a.role)}`,
    );
