/**
 * A full load rebuilds the search tables beside it, in a schema of its own, and swaps them in
 * (lib/search/pg-shadow.ts): the swapped tables are those a rebuild in place writes, with the
 * columns, indexes, keys and options of the migrations; a load that fails while the rebuild runs
 * stops it and leaves the served tables and no schema behind. A first run starts it before the
 * score stage (pipeline/run.ts); a stage failing before the load stops it too.
 */
import { describe, expect, it } from 'vitest';
import { registerLoadHook } from '../pipeline/load-hooks.ts';
import { rerunStage, runInput } from '../pipeline/run.ts';
import { rebuildSearchIndex, SEARCH_TABLES } from '../lib/search/pg-index.ts';
import { SHADOW_SCHEMA } from '../lib/search/pg-shadow.ts';
import type { Pool } from '../lib/db.ts';
import { copyDays, suitePipeline } from './pipeline-harness.ts';

const suite = suitePipeline();

/** Columns, indexes, constraints and storage options of the search tables. */
async function catalogOf(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ d: string }>(
    `SELECT c.relname || ' column ' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull
            || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '') || ' ' || coalesce(co.collname, '') AS d
     FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
     LEFT JOIN pg_collation co ON co.oid = a.attcollation
     WHERE c.oid = ANY ($1::regclass[])
     UNION ALL
     SELECT c.relname || ' ' || c.relpersistence::text || ' ' || coalesce(c.reloptions::text, '') FROM pg_class c WHERE c.oid = ANY ($1::regclass[])
     UNION ALL
     SELECT tablename || ' ' || indexname || ': ' || indexdef FROM pg_indexes WHERE tablename = ANY ($1::text[])
     UNION ALL
     SELECT conrelid::regclass::text || ' ' || conname || ': ' || pg_get_constraintdef(oid) FROM pg_constraint
     WHERE conrelid = ANY ($1::regclass[])
     ORDER BY 1`,
    [SEARCH_TABLES],
  );
  return rows.map((r) => r.d);
}

/** Every row of every search table. */
async function contentsOf(from: Pick<Pool, 'query'>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of SEARCH_TABLES) {
    const { rows } = await from.query(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS h FROM ${t} t`);
    out[t] = `${rows[0].n} ${rows[0].h}`;
  }
  return out;
}

const shadowExists = async () =>
  (await suite.db.pool.query('SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = $1', [SHADOW_SCHEMA])).rows[0].n > 0;

/**
 * A SHARE lock on the cargo labels, which keeps a rebuild waiting at its insert of new labels
 * (reading them, as the schema's setup does, is not blocked): `waiting` counts the waiters.
 */
async function holdCargoLabels() {
  const blocker = await suite.db.pool.connect();
  await blocker.query('BEGIN');
  await blocker.query('LOCK TABLE search_cargo_labels IN SHARE MODE');
  return {
    waiting: async () =>
      (await suite.db.pool.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%search_cargo_labels%'`,
      )).rows[0].n,
    release: async () => {
      await blocker.query('ROLLBACK');
      blocker.release();
    },
  };
}

describe('the search rebuild beside a full load', () => {
  it('of a first run starts before the score stage, and stops when a stage before the load fails', async () => {
    const { waiting, release } = await holdCargoLabels();
    let started = 0;
    // Registered after the search hook: its early work runs once the rebuild has started.
    const remove = registerLoadHook({
      name: 'break-score',
      early: async (ctx) => {
        for (let i = 0; i < 200 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 25));
        started = await waiting();
        await ctx.duck.run(`DROP TABLE ${ctx.schema}.related`);
        return undefined;
      },
      run: async () => {},
    });
    try {
      await expect(runInput(suite.env, copyDays('two-days/2026-03-01'))).rejects.toThrow(/related/);
    } finally {
      remove();
      await release();
    }
    expect(started).toBe(1);
    // The rebuild was terminated and its schema dropped; nothing is served.
    expect(await waiting()).toBe(0);
    expect(await shadowExists()).toBe(false);
    expect((await suite.db.pool.query(`SELECT count(*)::int AS n FROM etl_runs WHERE status = 'succeeded'`)).rows[0].n).toBe(0);
  });

  it('swaps in the tables a rebuild in place writes, with the catalog the migrations made', async () => {
    const before = await catalogOf(suite.db.pool);
    expect(before.some((d) => d.includes('carrier_search_keys_idx'))).toBe(true);
    const days = await runInput(suite.env, copyDays('two-days/2026-03-01'));
    expect(days.map((d) => d.status)).toEqual(['succeeded']);
    // A first run: the rebuild started before the score stage, the load took it over.
    expect(days[0].stages.find((s) => s.stage === 'load')?.detail).toMatchObject({ mode: 'full', hook_search: 5, early_hooks: ['search'] });
    expect(await catalogOf(suite.db.pool)).toEqual(before);
    expect(await shadowExists()).toBe(false);
    const swapped = await contentsOf(suite.db.pool);
    expect(swapped.carrier_search).toMatch(/^5 /);
    const client = await suite.db.pool.connect();
    try {
      await client.query('BEGIN');
      await rebuildSearchIndex(client, 1);
      expect(await contentsOf(client)).toEqual(swapped);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    const { rows } = await suite.db.pool.query(`SELECT etl_run_id, full_build FROM search_index_state WHERE backend = 'postgres'`);
    expect(rows).toEqual([{ etl_run_id: 1, full_build: true }]);
    // Searches read the swapped tables.
    const hits = await suite.db.pool.query(`SELECT count(*)::int AS n FROM search_postings WHERE term = 'LOGISTICS'`);
    expect(hits.rows[0].n).toBeGreaterThan(0);
  });

  it('a full load failing while the rebuild runs stops it and leaves the served tables', async () => {
    const before = await contentsOf(suite.db.pool);
    await suite.db.pool.query(`UPDATE search_index_state SET indexed_at = '2026-01-01' WHERE backend = 'postgres'`);
    const { waiting, release } = await holdCargoLabels();
    const remove = registerLoadHook({
      name: 'explode',
      prepare: async () => {
        for (let i = 0; i < 200 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 25));
        expect(await waiting()).toBe(1);
        throw new Error('prepare failed');
      },
      run: async () => {},
    });
    try {
      await expect(rerunStage(suite.env, 'load', 1, { full: true })).rejects.toThrow('prepare failed');
    } finally {
      remove();
      await release();
    }
    // The build was terminated, not left waiting for the lock.
    expect(await waiting()).toBe(0);
    expect(await shadowExists()).toBe(false);
    expect(await contentsOf(suite.db.pool)).toEqual(before);
    const { rows } = await suite.db.pool.query(`SELECT indexed_at FROM search_index_state WHERE backend = 'postgres'`);
    expect(rows[0].indexed_at.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});
