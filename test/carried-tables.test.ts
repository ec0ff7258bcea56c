/**
 * Run files (pipeline/carried-tables.ts) on a real DuckDB file: a run's table carried over from the
 * previous run's file, rerun from scratch, compacted after MAX_GENERATIONS copies, read again by
 * a new process, and removed with its run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { config } from '../lib/config.ts';
import { duckRows, duckTableExists } from '../pipeline/duck.ts';
import { openDuck, type Duck } from '../pipeline/open-duck.ts';
import { dropRunFiles, hasRunFile, MAX_GENERATIONS, openRunFile, publishRunFile, runFilePath } from '../pipeline/carried-tables.ts';
import { tempDir } from './pipeline-harness.ts';

const dir = tempDir('carried-tables-test-');
const cfg = { ...config, dataDir: dir, duckdbPath: path.join(dir, 'pipeline.duckdb') };
let duck: Duck;

beforeAll(async () => {
  duck = await openDuck(cfg);
});
afterAll(() => {
  duck?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ctx = (runId: number) => ({ duck: duck.conn, config: cfg, runId });
const rows = async (runId: number) =>
  (await duckRows<{ dot_number: string; value: string }>(duck.conn, `SELECT dot_number, value FROM r${runId}.related_idents ORDER BY dot_number, value`)).map(
    (r) => `${r.dot_number}:${r.value}`,
  ).sort();
const generation = async (runId: number) =>
  (await duckRows<{ generation: number }>(duck.conn, `SELECT generation FROM r${runId}_related_idents.run_file`))[0].generation;

/** Run `runId`'s table: run `from`'s rows (or none), less `drop`'s DOT numbers, plus `add`. */
async function writeRun(runId: number, from: number | null, drop: string[], add: [string, string][]): Promise<void> {
  await duck.conn.run(`CREATE SCHEMA IF NOT EXISTS r${runId}`);
  const table = `${await openRunFile(ctx(runId), 'related_idents', from)}.related_idents`;
  if (from === null) await duck.conn.run(`CREATE TABLE ${table} (dot_number VARCHAR, kind VARCHAR, value VARCHAR, h UBIGINT)`);
  if (drop.length) await duck.conn.run(`DELETE FROM ${table} WHERE dot_number IN (${drop.map((d) => `'${d}'`).join(', ')})`);
  for (const [dot, value] of add) await duck.conn.run(`INSERT INTO ${table} VALUES ('${dot}', 'phone', '${value}', hash('phone', '${value}'))`);
  await publishRunFile(ctx(runId), 'related_idents');
}

it('carries the previous run’s rows by a copy of its file; the previous run keeps its own', async () => {
  await writeRun(1, null, [], [['1', 'a'], ['2', 'b'], ['3', 'c']]);
  expect(await rows(1)).toEqual(['1:a', '2:b', '3:c']);
  expect(await generation(1)).toBe(0);

  await writeRun(2, 1, ['2'], [['2', 'B'], ['4', 'd']]);
  expect(await rows(2)).toEqual(['1:a', '2:B', '3:c', '4:d']);
  expect(await rows(1)).toEqual(['1:a', '2:b', '3:c']);
  expect(await generation(2)).toBe(1);
});

it('a rerun starts again from the previous run’s file: the same table, not the delta applied twice', async () => {
  await writeRun(2, 1, ['2'], [['2', 'B'], ['4', 'd']]);
  expect(await rows(2)).toEqual(['1:a', '2:B', '3:c', '4:d']);
  // A rerun without a run to carry from starts empty.
  await writeRun(2, null, [], [['9', 'z']]);
  expect(await rows(2)).toEqual(['9:z']);
  await writeRun(2, 1, ['2'], [['2', 'B'], ['4', 'd']]);
});

it(`writes the table anew after ${MAX_GENERATIONS} copies, with the same rows`, async () => {
  const last = 2 + MAX_GENERATIONS + 1;
  for (let run = 3; run <= last; run++) await writeRun(run, run - 1, [String(run - 1)], [[String(run - 1), `v${run}`]]);
  const generations = [];
  for (let run = 2; run <= last; run++) generations.push(await generation(run));
  expect(generations).toEqual([...Array.from({ length: MAX_GENERATIONS }, (_, i) => i + 1), 0, 1]);
  // What the chain of deltas makes: each run replaced the row of the DOT before it.
  const expected = new Map([['1', 'a'], ['2', 'B'], ['3', 'c'], ['4', 'd']]);
  for (let run = 3; run <= last; run++) expected.set(String(run - 1), `v${run}`);
  expect(await rows(last)).toEqual([...expected].map(([d, v]) => `${d}:${v}`).sort());
});

it('a new process reads the runs’ tables through their views; a dropped run’s file is gone', async () => {
  const before = await rows(3);
  duck.close();
  duck = await openDuck(cfg);
  expect(await rows(3)).toEqual(before);

  expect(hasRunFile(cfg, 1, 'related_idents')).toBe(true);
  expect(await dropRunFiles(duck.conn, cfg, (id) => id === 1)).toEqual([1]);
  expect(fs.existsSync(runFilePath(cfg, 1, 'related_idents'))).toBe(false);
  await expect(rows(1)).rejects.toThrow(/r1_related_idents/);
  expect(await rows(2)).toEqual(['1:a', '2:B', '3:c', '4:d']);
});

it('a run whose file is gone has no table any more: its views are dropped at open', async () => {
  expect(await duckTableExists(duck.conn, 'r3', 'related_idents')).toBe(true);
  duck.close();
  fs.rmSync(runFilePath(cfg, 3, 'related_idents'));
  duck = await openDuck(cfg);
  expect(await duckTableExists(duck.conn, 'r3', 'related_idents')).toBe(false);
  expect((await rows(4)).length).toBeGreaterThan(0);
});
