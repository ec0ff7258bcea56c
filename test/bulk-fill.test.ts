/**
 * Bulk writes into empty tables (lib/bulk-fill.ts) drop the indexes, primary and foreign keys
 * and build them again: after a whole run, every table they touched has exactly the indexes and
 * constraints the migrations gave it.
 */
import { describe, expect, it } from 'vitest';
import { fillEmptyTable } from '../lib/bulk-fill.ts';
import { runInput } from '../pipeline/run-stages.ts';
import { copyDays, suitePipeline } from './pipeline-harness.ts';

const TABLES = [
  'carriers', 'insurance_policies', 'carrier_core_json',
  // the search rebuild's (lib/search/build/apply.ts)
  'carrier_search', 'search_postings', 'search_word_counts', 'search_terms', 'search_term_deletes',
];

const suite = suitePipeline();

/** Every index and constraint of the tables, by name, with its definition. */
async function schemaOf(tables: string[]): Promise<string[]> {
  const { rows } = await suite.db.pool.query<{ d: string }>(
    `SELECT tablename || ' ' || indexname || ': ' || indexdef AS d FROM pg_indexes WHERE tablename = ANY ($1)
     UNION ALL
     SELECT conrelid::regclass::text || ' ' || conname || ': ' || pg_get_constraintdef(oid) FROM pg_constraint
     WHERE conrelid::regclass::text = ANY ($1)
     ORDER BY 1`,
    [tables],
  );
  return rows.map((r) => r.d);
}

describe('bulk writes into empty tables', () => {
  it('leave the indexes and constraints of every table they fill as the migrations made them', async () => {
    const before = await schemaOf(TABLES);
    // All but insurance_policies and search_postings have a primary key.
    expect(before.filter((d) => d.includes(': PRIMARY KEY')).length).toBe(TABLES.length - 2);
    const days = await runInput(suite.env, copyDays('two-days/2026-03-01', 'two-days/2026-03-02'));
    expect(days.map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    // The first run filled every table from empty; the second wrote into them through their indexes.
    const { rows } = await suite.db.pool.query('SELECT count(*)::int AS n FROM carriers');
    expect(rows[0].n).toBeGreaterThan(0);
    expect(await schemaOf(TABLES)).toEqual(before);
    // The primary key is enforced again.
    await expect(
      suite.db.pool.query('INSERT INTO carriers SELECT * FROM carriers LIMIT 1'),
    ).rejects.toThrow(/duplicate key value violates unique constraint "carriers_pkey"/);
  });

  it('write through the indexes of a table that is not empty', async () => {
    const client = await suite.db.pool.connect();
    try {
      await client.query('BEGIN');
      expect((await client.query('SELECT count(*)::int AS n FROM risk_history')).rows[0].n).toBeGreaterThan(0);
      const during = await fillEmptyTable(client, 'risk_history', () => schemaOf(['risk_history']));
      expect(during).toEqual(await schemaOf(['risk_history']));
      await client.query('ROLLBACK');
      // An empty table: nothing left during the fill, everything back after it.
      await client.query('BEGIN');
      await client.query('DELETE FROM risk_history');
      const count = async () =>
        (await client.query<{ n: number }>(
          `SELECT (SELECT count(*)::int FROM pg_indexes WHERE tablename = 'risk_history')
                + (SELECT count(*)::int FROM pg_constraint WHERE conrelid = 'risk_history'::regclass AND contype = 'f') AS n`,
        )).rows[0].n;
      // Three indexes and the foreign key to etl_runs.
      expect(await count()).toBe(4);
      expect(await fillEmptyTable(client, 'risk_history', count)).toBe(0);
      expect(await count()).toBe(4);
      // The foreign key, dropped during the fill and added back, is enforced again.
      await client.query('SAVEPOINT fk');
      await expect(
        client.query(`INSERT INTO risk_history VALUES ('1', 999999, now(), 1, 'A', 'LOW', '{}', '[]', '[]')`),
      ).rejects.toThrow(/violates foreign key constraint "risk_history_etl_run_id_fkey"/);
      await client.query('ROLLBACK TO SAVEPOINT fk');
      await client.query('ROLLBACK');
      // GIN indexes are built with a memory of their own; the caller's setting is restored.
      await client.query('BEGIN');
      await client.query('DELETE FROM carrier_search');
      await client.query(`SET LOCAL maintenance_work_mem = '77MB'`);
      const gin = `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'carrier_search' AND indexdef LIKE '% USING gin %'`;
      expect(await fillEmptyTable(client, 'carrier_search', async () => (await client.query(gin)).rows[0].n)).toBe(0);
      expect((await client.query(gin)).rows[0].n).toBe(3);
      expect((await client.query(`SELECT current_setting('maintenance_work_mem') AS m`)).rows[0].m).toBe('77MB');
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });
});
