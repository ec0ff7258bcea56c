/**
 * Cargo labels and their bits in carrier_search.cargo_bits (search_cargo_labels): a label keeps
 * its bit for good; a label not seen before gets the next free bit, in label order. Labels are
 * only ever added, by the one pipeline (or rebuild) that runs at a time.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { PoolClient } from '../../postgres.ts';
import { searchSql, searchSqlWith } from '../sql.ts';

export interface CargoLabel {
  label: string;
  bit: number;
}

type Client = Pick<PoolClient, 'query'>;

/**
 * Every cargo label with its bit: those search_cargo_labels holds, and those of DuckDB's `input`
 * (a relation of carriers) it does not. All of them: a delta's old rows count under labels its
 * new rows may no longer carry.
 */
export async function cargoLabels(db: Client, duck: DuckDBConnection, input: string): Promise<CargoLabel[]> {
  const { rows: known } = await db.query<CargoLabel>(searchSql('apply/labels'));
  const bits = new Map(known.map((r) => [r.label, r.bit]));
  let next = Math.max(-1, ...bits.values()) + 1;
  const reader = await duck.runAndReadAll(searchSqlWith('derive/labels', { input }));
  const seen = reader.getRowObjectsJS().map((r) => String(r.label)).filter((label) => !bits.has(label));
  return [...known, ...seen.map((label) => ({ label, bit: next++ }))];
}

/** The labels as a DuckDB relation (label, bit). */
export function labelRelation(labels: CargoLabel[]): string {
  const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
  return labels.length
    ? `(SELECT * FROM (VALUES ${labels.map((l) => `(${lit(l.label)}, ${Number(l.bit)})`).join(', ')}) AS v(label, bit))`
    : '(SELECT NULL::VARCHAR AS label, NULL::INTEGER AS bit WHERE false)';
}

/**
 * Adds the labels not in search_cargo_labels yet and checks that every label has the bit the
 * rows used: a mismatch is a bug, not a race to retry.
 */
export async function addCargoLabels(db: Client, labels: CargoLabel[]): Promise<void> {
  const args = [labels.map((l) => l.label), labels.map((l) => l.bit)];
  await db.query(searchSql('apply/labels-add'), args);
  const { rows } = await db.query<{ label: string }>(searchSql('apply/labels-check'), args);
  if (rows.length) throw new Error(`search build: the cargo labels ${rows.map((r) => r.label).join(', ')} have other bits than the rows used`);
}
