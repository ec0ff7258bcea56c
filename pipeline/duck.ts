/**
 * Queries on the pipeline's DuckDB (opened by pipeline/open-duck.ts). Stage SQL lives in
 * sql/duckdb/*.sql with `{{name}}` placeholders that are filled with checked identifiers,
 * integers and literals only.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlWith } from '../lib/sql-files.ts';
import { StageOrderError } from './errors.ts';
import type { Progress } from './progress.ts';

/** A single-quoted SQL string literal. */
export const lit = (s: string): string => `'${s.replace(/'/g, "''")}'`;

export type SqlVars = Record<string, string | number>;

/** The text of sql/duckdb/<name>.sql with its `{{var}}` placeholders filled. */
export const duckSql = (name: string, vars: SqlVars = {}): string => sqlWith(`duckdb/${name}`, vars);

/** Runs SQL; while it runs, DuckDB's own progress estimate drives `progress` when given. */
export async function duckRun(conn: DuckDBConnection, text: string, progress?: Progress): Promise<void> {
  const timer = progress
    ? setInterval(() => {
        const p = conn.progress.percentage;
        if (p >= 0) progress.update(p, 100);
      }, 250)
    : undefined;
  try {
    await conn.run(text);
  } finally {
    if (timer) clearInterval(timer);
  }
}

type Scalar = string | number | boolean | null;

/** Rows as plain objects; BIGINT/HUGEINT become numbers (our counts fit in 2^53). */
export async function duckRows<T = Record<string, Scalar>>(conn: DuckDBConnection, text: string): Promise<T[]> {
  const reader = await conn.runAndReadAll(text);
  return reader.getRowObjectsJS().map((row) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) out[k] = typeof v === 'bigint' ? Number(v) : v;
    return out as T;
  });
}

/** Whether `schema.name` exists as a table or a view (ingest defines views). */
export async function duckTableExists(conn: DuckDBConnection, schema: string, name: string): Promise<boolean> {
  const where = `database_name = current_database() AND schema_name = ${lit(schema)}`;
  const rows = await duckRows(
    conn,
    `SELECT 1 FROM duckdb_tables() WHERE ${where} AND table_name = ${lit(name)}
     UNION ALL
     SELECT 1 FROM duckdb_views() WHERE ${where} AND view_name = ${lit(name)}`,
  );
  return rows.length > 0;
}

/** The run a stage recorded in the one-row table <schema>.<table> (column from_run), or null. */
export async function recordedRun(conn: DuckDBConnection, schema: string, table: string): Promise<number | null> {
  if (!(await duckTableExists(conn, schema, table))) return null;
  const [row] = await duckRows<{ from_run: number }>(conn, `SELECT from_run FROM ${schema}.${table}`);
  return row?.from_run ?? null;
}

/** A WHERE clause keeping the carriers of `dots` (a query of dot_number); '' keeps all. */
export const whereDotIn = (dots: string | null): string => (dots ? `WHERE dot_number IN (${dots})` : '');

/**
 * Stops a stage run before the stages it reads (`stage NAME --run ID` out of order): each of
 * `tables` must be in the run's schema; the error names the first missing one and `runFirst`.
 */
export async function requireRunTables(
  ctx: { duck: DuckDBConnection; schema: string; runId: number },
  tables: string[],
  runFirst: string,
): Promise<void> {
  for (const t of tables) {
    if (!(await duckTableExists(ctx.duck, ctx.schema, t))) {
      throw new StageOrderError(`run ${ctx.runId}: no ${t} table in DuckDB; run the ${runFirst} first`);
    }
  }
}

/** The DuckDB schema holding every table of one run. */
export const runSchema = (runId: number): string => {
  if (!Number.isInteger(runId) || runId <= 0) throw new Error(`bad run id ${runId}`);
  return `r${runId}`;
};
