/**
 * The input delta (pipeline/input-delta.ts): after a previous run, the ingest stage validates
 * and the snapshot stage builds only the carriers whose lines changed or whose policies start or
 * end between the batch dates, and the run's tables equal those built from every line. Problems
 * in the delta send the run down the full path, which names the file's own line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { duckRows } from '../pipeline/duck.ts';
import { deltaDir } from '../pipeline/input-delta.ts';
import { runFilePath, runFileTables } from '../pipeline/carried-tables.ts';
import { rerunStage, runDay, type DayOutcome } from '../pipeline/run-stages.ts';
import { changesOf, copyDays, editLine, suitePipeline } from './pipeline-harness.ts';

const suite = suitePipeline();
let dumps: string;

const detailOf = (day: DayOutcome, stage: string) => day.stages.find((s) => s.stage === stage)!.detail as Record<string, unknown>;

/** Run `run`'s snapshot tables, sorted, as one string. */
async function snapshotTables(run: number): Promise<string> {
  const out: unknown[] = [];
  for (const t of runFileTables('snapshot')) out.push(await duckRows(suite.env.duck.conn, `SELECT * FROM r${run}.${t} ORDER BY ALL`));
  return JSON.stringify(out);
}

/** Run `run`'s snapshot built again from every line: the previous run's file out of sight. */
async function fromScratch(run: number): Promise<string> {
  const file = runFilePath(suite.env.config, run - 1, 'snapshot');
  fs.renameSync(file, `${file}.away`);
  try {
    expect((await rerunStage(suite.env, 'snapshot', run)).detail).toMatchObject({ carried_from: null, from_delta: false });
  } finally {
    fs.renameSync(`${file}.away`, file);
  }
  return snapshotTables(run);
}

/** A new day folder: a copy of `from`, then `edit` on it. */
function nextDay(from: string, day: string, edit: (dir: string) => void = () => {}): string {
  const dir = path.join(dumps, day);
  fs.cpSync(path.join(dumps, from), dir, { recursive: true });
  edit(dir);
  return dir;
}

const censusLineOf = (dir: string, dot: string) =>
  fs.readFileSync(path.join(dir, 'census.csv'), 'utf8').split('\n').findIndex((l) => l.split(',')[3] === dot) + 1;

describe('the input delta', () => {
  it('the second day validates and builds only the carriers whose lines changed; its tables equal a full build', async () => {
    dumps = copyDays('two-days/2026-03-01', 'two-days/2026-03-02');
    const first = await runDay(suite.env, path.join(dumps, '2026-03-01'));
    expect(detailOf(first, 'ingest').delta).toBeNull();
    const second = await runDay(suite.env, path.join(dumps, '2026-03-02'));
    expect(detailOf(second, 'ingest').delta).toMatchObject({ from_run: 1 });
    expect(detailOf(second, 'snapshot')).toMatchObject({ carried_from: 1, from_delta: true });
    const delta = await duckRows<{ dot_number: string }>(suite.env.duck.conn, 'SELECT dot_number FROM r2.input_delta ORDER BY ALL');
    // Every carrier the day changed is in the delta (the fixture day changes 1001-1006).
    for (const c of await changesOf(suite.db.pool, 2)) expect(delta.map((d) => d.dot_number)).toContain(c.dot_number);
    const census = fs.readFileSync(path.join(deltaDir(suite.env.config, 2), 'census.csv'), 'utf8').trim().split('\n');
    expect(census.length - 1).toBeLessThanOrEqual(delta.length); // the header, then the delta's lines
    const built = await snapshotTables(2);
    expect(await fromScratch(2)).toEqual(built);
  });

  it('keys a line by its DOT field as the CSV reader splits it: spaces around quotes, a quote inside a field', async () => {
    const day = await runDay(
      suite.env,
      nextDay('2026-03-02', '2026-03-03', (d) => {
        // Before the DOT field: the docket quoted with spaces around, and a name holding a quote.
        editLine(path.join(d, 'carrier.txt'), 1, (l) => l.replace('"MC000123",', ' "MC000123" ,'));
        editLine(path.join(d, 'sms_inspection.csv'), 2, (l) => l.replace('1,TX00001,', '1,TX0"0001,'));
      }),
    );
    // Both carriers' lines are in the delta, every record of it keying the carrier it parses to.
    expect(detailOf(day, 'ingest').delta).toMatchObject({ from_run: 2, carriers: 2 });
    const keys = await duckRows<{ dot_number: string }>(suite.env.duck.conn, 'SELECT dot_number FROM r3.input_delta ORDER BY ALL');
    expect(keys).toEqual([{ dot_number: '1001' }, { dot_number: '1004' }]);
    const built = await snapshotTables(3);
    expect(await fromScratch(3)).toEqual(built);
  });

  it('a changed line in a file that is not UTF-8: the delta file is UTF-8, the name read as Latin-1', async () => {
    const day = await runDay(
      suite.env,
      nextDay('2026-03-03', '2026-03-10', (d) => {
        const census = path.join(d, 'census.csv');
        const text = fs.readFileSync(census, 'latin1').replace('BETA LOGISTICS INC', 'BETA LOGÍSTICA NUÑEZ');
        fs.writeFileSync(census, Buffer.from(text, 'latin1'));
      }),
    );
    expect(detailOf(day, 'ingest').delta).toMatchObject({ from_run: 3, carriers: 1 });
    const [row] = await duckRows(suite.env.duck.conn, `SELECT legal_name FROM r4.snapshot WHERE dot_number = '1002'`);
    expect(row).toEqual({ legal_name: 'BETA LOGÍSTICA NUÑEZ' });
    const built = await snapshotTables(4);
    expect(await fromScratch(4)).toEqual(built);
  });

  it('a policy that starts between two runs, no line changed, is in the delta', async () => {
    // DOT 1004's cargo policy takes effect on 2026-04-01; its lines are the same on 2026-04-15.
    // So do 1003's: its broker revocation order takes effect on 2026-03-20, and an order taking
    // effect is a dated event like a policy's (its pending revocation ends then).
    const day = await runDay(suite.env, nextDay('2026-03-10', '2026-04-15'));
    expect(detailOf(day, 'ingest').delta).toMatchObject({ from_run: 4, carriers: 2 });
    expect(await duckRows(suite.env.duck.conn, 'SELECT dot_number FROM r5.input_delta ORDER BY dot_number')).toEqual([{ dot_number: '1003' }, { dot_number: '1004' }]);
    const [row] = await duckRows(suite.env.duck.conn, `SELECT max_cargo, active_policy_count FROM r5.snapshot WHERE dot_number = '1004'`);
    expect(row).toEqual({ max_cargo: 250000, active_policy_count: 3 });
    expect((await changesOf(suite.db.pool, 5)).map((c) => `${c.dot_number} ${c.category}`)).toEqual(['1004 insurance_change']);
    const built = await snapshotTables(5);
    expect(await fromScratch(5)).toEqual(built);
  });

  it('bad rows on changed lines take the full path, which quarantines them with the lines of the files', async () => {
    const dir = nextDay('2026-04-15', '2026-04-16', (d) => {
      editLine(path.join(d, 'actpendins.txt'), 4, (l) => l.replace('"01/01/2024"', '"13/45/2024"'));
      editLine(path.join(d, 'census.csv'), censusLineOf(d, '1003'), (l) => l.split(',').slice(0, 12).join(','));
      // A second line for DOT 1004 (its first is unchanged).
      const file = path.join(d, 'census.csv');
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      fs.writeFileSync(file, [...lines.filter((l) => l !== ''), lines[censusLineOf(d, '1004') - 1]].join('\n') + '\n');
    });
    const census = fs.readFileSync(path.join(dir, 'census.csv'), 'utf8').split('\n');
    const day = await runDay(suite.env, dir);
    expect(detailOf(day, 'ingest').delta).toBeNull();
    const q = await suite.db.pool.query('SELECT file, line, reason FROM etl_quarantine WHERE etl_run_id = $1 ORDER BY file, line', [day.etl_run_id]);
    expect(q.rows).toEqual([
      { file: 'actpendins.txt', line: 4, reason: 'trans_date "13/45/2024" is not a date' },
      { file: 'census.csv', line: censusLineOf(dir, '1003'), reason: 'expected 147 fields, found 12' },
      { file: 'census.csv', line: census.length - 1, reason: `duplicate DOT_NUMBER 1004 (first on line ${censusLineOf(dir, '1004')})` },
    ]);
    // 1003's census row is quarantined: the carrier keeps its last good row, it is not removed.
    const changes = (await changesOf(suite.db.pool, day.etl_run_id!)).map((c) => `${c.dot_number} ${c.category}`);
    expect(changes).not.toContain('1003 removed_carrier');
    const [row] = await duckRows(suite.env.duck.conn, `SELECT legal_name FROM r${day.etl_run_id}.snapshot WHERE dot_number = '1003'`);
    expect(row).toEqual({ legal_name: 'GAMMA FREIGHT BROKERS' });
  });

  it('a quoted line break in a changed record, or the separator in a line, sends the run down the full path', async () => {
    const broken = await runDay(
      suite.env,
      nextDay('2026-04-15', '2026-04-17', (d) => {
        const file = path.join(d, 'census.csv');
        editLine(file, censusLineOf(d, '1002'), (l) => l.replace('1 RIVER RD', '"1 RIVER RD\nSUITE 2"'));
      }),
    );
    expect(detailOf(broken, 'ingest').delta).toBeNull();
    expect(detailOf(broken, 'snapshot')).toMatchObject({ from_delta: false });
    const [row] = await duckRows(suite.env.duck.conn, `SELECT phy_street FROM r7.snapshot WHERE dot_number = '1002'`);
    expect(row).toEqual({ phy_street: '1 RIVER RD\nSUITE 2' });
    const split = await runDay(
      suite.env,
      nextDay('2026-04-17', '2026-04-18', (d) => {
        const file = path.join(d, 'census.csv');
        editLine(file, censusLineOf(d, '1001'), (l) => l.replace('ACME TRUCKING LLC', 'ACME\u0001TRUCKING LLC'));
      }),
    );
    expect(detailOf(split, 'ingest').delta).toBeNull();
    // The next day, the separator gone, takes its delta again against the last run; the record
    // split across two lines is the same as the day before: its lines are not in the delta.
    const next = await runDay(
      suite.env,
      nextDay('2026-04-18', '2026-04-19', (d) => {
        const file = path.join(d, 'census.csv');
        editLine(file, censusLineOf(d, '1001'), (l) => l.replace('ACME\u0001TRUCKING LLC', 'ACME TRUCKING LLC'));
      }),
    );
    expect(detailOf(next, 'ingest').delta).toMatchObject({ from_run: 8, carriers: 1 });
    expect(detailOf(next, 'snapshot')).toMatchObject({ carried_from: 8, from_delta: true });
    const built = await snapshotTables(9);
    expect(await fromScratch(9)).toEqual(built);
  });

  it('the next night, an unchanged bad line stays quarantined: the delta carries its row', async () => {
    const bad = await runDay(
      suite.env,
      nextDay('2026-04-19', '2026-04-20', (d) => editLine(path.join(d, 'actpendins.txt'), 4, (l) => l.replace('"01/01/2024"', '"13/45/2024"'))),
    );
    expect(detailOf(bad, 'ingest').delta).toBeNull();
    expect(detailOf(bad, 'ingest').quarantined).toBe(1);
    // The next day changes another carrier only (1004; 1002's census record spans two lines since
    // 2026-04-17): the delta holds, the bad line is not in it.
    const next = await runDay(
      suite.env,
      nextDay('2026-04-20', '2026-04-21', (d) => {
        const file = path.join(d, 'census.csv');
        editLine(file, censusLineOf(d, '1004'), (l) => l.replace('DELTA HAULING', 'DELTA HAULING AND STORAGE'));
      }),
    );
    expect(detailOf(next, 'ingest').delta).toMatchObject({ from_run: bad.etl_run_id, carriers: 1 });
    expect(detailOf(next, 'ingest')).toMatchObject({ quarantined: 1, files: { 'actpendins.txt': { quarantined: 1 } } });
    const rows = async (run: number) =>
      (await suite.db.pool.query('SELECT file, line, reason, raw FROM etl_quarantine WHERE etl_run_id = $1', [run])).rows;
    expect(await rows(next.etl_run_id!)).toEqual(await rows(bad.etl_run_id!));
    // Its snapshot built from every line leaves the quarantined row out too (1003's bond policy).
    const built = await snapshotTables(next.etl_run_id!);
    expect(await fromScratch(next.etl_run_id!)).toEqual(built);
  });
});
