/**
 * DuckDB to PostgreSQL through a CSV file (lib/duckdb-postgres-csv.ts): every text comes back as it was,
 * NULL stays NULL and '' stays '', including texts holding the dialect's own delimiter and quote
 * (0x1F, 0x01), the usual CSV ones, line breaks and JSON.
 */
import { describe, expect, it } from 'vitest';
import { copyDuckToPg } from '../lib/duckdb-postgres-csv.ts';
import { runContext } from '../pipeline/context.ts';
import { lit } from '../pipeline/duck.ts';
import { suitePipeline } from './pipeline-harness.ts';

const suite = suitePipeline();

const TEXTS: (string | null)[] = [
  null,
  '',
  ' ',
  'plain',
  'a,b;c|d',
  'say "hi"',
  "O'NEIL",
  'line\nbreak\r\nand\ttab',
  'back\\slash \\N',
  'unit\x1fseparator',
  'start\x01of heading',
  '\x01',
  '\x1f\x01\x1f',
  '{"flags":[{"code":"LOW_BIPD","message":"BIPD \\"on file\\", $750,000"}]}',
  'ÉCOLE ÜBER 日本',
];

describe('copyDuckToPg', () => {
  it('copies every text as it was, NULL as NULL and the empty text as empty', async () => {
    const ctx = runContext(suite.env, { etl_run_id: 1, batch_ts: new Date('2026-03-01T00:00:00Z'), input_dir: '' } as never);
    const select = TEXTS.map((t, i) => `SELECT ${i} AS i, ${t === null ? 'NULL' : lit(t)}::VARCHAR AS t`)
      .join(' UNION ALL ');
    const client = await suite.db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('CREATE TEMP TABLE copied (i int, t text) ON COMMIT DROP');
      expect(await copyDuckToPg(ctx, client, { select, table: 'copied (i, t)' })).toBe(TEXTS.length);
      const { rows } = await client.query<{ t: string | null }>('SELECT t FROM copied ORDER BY i');
      expect(rows.map((r) => r.t)).toEqual(TEXTS);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });
});
