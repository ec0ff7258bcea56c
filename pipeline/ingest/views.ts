/**
 * The views a run reads its files through, in the run's DuckDB schema: per file `<view>_src` (the
 * raw fields under the adapter's canonical names) and `<view>` (the adapter's normalisation, with
 * `_error` per row), and per role `<role>`: its files' rows together, without the quarantined ones.
 * Nothing is read when a view is defined.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { duckSql, lit } from '../duck.ts';
import type { Planned } from './plan.ts';

/** A planned file as it is read: its encoding, and whether it has data rows at all. */
export interface Source extends Planned {
  encoding: 'utf-8' | 'latin-1';
}

const ident = (c: string) => `"${c.replace(/"/g, '""')}"`;

/** The temp table in which DuckDB notes the records a read of this file skipped. */
export const rejectsTable = (schema: string, view: string) => `rej_${schema}_${view}`;

/** The raw and normalised views of one file. `numbered`: `_row` = accepted record number. */
export async function defineFileViews(duck: DuckDBConnection, schema: string, src: Source, numbered: boolean): Promise<void> {
  const { adapter, binding } = src;
  const width = binding.header?.length ?? adapter.columns.length;
  const fields = Array.from({ length: width }, (_, i) => `c${i + 1}`);
  const select = adapter.columns
    .map((c) => {
      const at = binding.positions.get(c);
      return at === undefined ? `NULL::VARCHAR AS ${ident(c)}` : `c${at + 1} AS ${ident(c)}`;
    })
    .join(', ');
  const raw = duckSql('ingest_source', {
    schema,
    view: src.view,
    select,
    path: lit(src.file),
    columns: `{${fields.map((f) => `'${f}': 'VARCHAR'`).join(', ')}}`,
    header: String(binding.header !== null),
    encoding: lit(src.encoding),
    row: numbered ? 'row_number() OVER ()' : 'NULL::BIGINT',
    rejects: lit(rejectsTable(schema, src.view)),
    rejects_scan: lit(`${rejectsTable(schema, src.view)}_scan`),
  });
  await duck.run(raw + adapterView(schema, src.view, adapter.name, `${schema}.${src.view}_src`));
}

/** The adapter's normalised view `<schema>.<view>` over the raw rows in `from`. */
export const adapterView = (schema: string, view: string, adapter: string, from: string): string =>
  duckSql(`adapters/${adapter}`, { view: `${schema}.${view}`, src: from });

/** What a role's view leaves out of one of its files (after the scan found bad rows). */
export type Exclude = 'none' | 'bad' | { table: string };

/**
 * The role's view: the rows of its files (`parts`: each file's view and what to leave out of it:
 * nothing, its bad rows, or everything but the rows of a cleaned table).
 */
export async function defineRoleView(duck: DuckDBConnection, schema: string, role: string, parts: { view: string; exclude: Exclude }[]): Promise<void> {
  const selects = parts.map(({ view, exclude }) =>
    exclude === 'none'
      ? `SELECT * FROM ${schema}.${view}`
      : exclude === 'bad'
        ? `SELECT * FROM ${schema}.${view} WHERE _error IS NULL`
        : `SELECT * FROM ${exclude.table}`,
  );
  await duck.run(`CREATE OR REPLACE VIEW ${schema}.${role} AS ${selects.join(' UNION ALL BY NAME ')}`);
}

/** The view of a role the day has no file for (an optional dataset): the adapter's columns, no rows. */
export async function defineEmptyRoleView(duck: DuckDBConnection, schema: string, role: string, adapter: string, columns: readonly string[]): Promise<void> {
  const select = columns.map((c) => `NULL::VARCHAR AS ${ident(c)}`).join(', ');
  await duck.run(
    `CREATE OR REPLACE VIEW ${schema}.${role}_src AS SELECT NULL::BIGINT AS _row, ${select} WHERE false;` +
      adapterView(schema, role, adapter, `${schema}.${role}_src`),
  );
}
