/**
 * A synthetic registry loaded into a test database through the real pipeline CLI (child
 * processes, as in production). Dumps are generated once per parameter set and test run, and
 * reused. Most files start from the run's one loaded sample instead (loadedSample below): built
 * once by the first file that asks, then cloned for each.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { runPipelineCli } from '../../lib/pipeline-process.ts';
import { freshDatabase, withDatabase, type TestDatabase } from './db.ts';

interface Sample {
  dumps: string;
  /** Every day folder of the dumps, oldest first. */
  days: string[];
  duckdb: string;
}

export async function synthDumps(carriers: number, days: number, seed: number): Promise<string> {
  const dir = path.join(os.tmpdir(), `carrier-test-dumps-${carriers}x${days}-s${seed}`);
  if (fs.existsSync(path.join(dir, '.complete'))) return dir;
  const tmp = `${dir}.${process.pid}.${Date.now()}`;
  await runPipelineCli(['synth', '--carriers', String(carriers), '--days', String(days), '--seed', String(seed), '--start', '2026-10-01', '--out', tmp]);
  fs.writeFileSync(path.join(tmp, '.complete'), '');
  try {
    fs.renameSync(tmp, dir);
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true }); // another worker won the race: same bytes
  }
  return dir;
}

/**
 * Generates (or reuses) the dumps and runs the pipeline over the first `load` days of them (all
 * by default) into the database at `db.url`, with a DuckDB file of its own.
 */
async function loadSample(db: { url: string }, opts: { carriers?: number; days?: number; seed?: number; load?: number } = {}): Promise<Sample> {
  const { carriers = 1500, days = 2, seed = 11 } = opts;
  const dumps = await synthDumps(carriers, days, seed);
  const dayDirs = fs.readdirSync(dumps).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrier-test-duck-'));
  const duckdb = path.join(dir, 'pipeline.duckdb');
  for (const day of dayDirs.slice(0, opts.load ?? dayDirs.length)) {
    await runPipelineCli(['run', '--input', path.join(dumps, day)], { DATABASE_URL: db.url, DUCKDB_PATH: duckdb, DATA_DIR: dir, LOG_LEVEL: 'warn' });
  }
  return { dumps, days: dayDirs, duckdb };
}

/**
 * The loaded sample every file shares: 1,500 carriers over three days, the first two loaded (a
 * bootstrap run and an incremental one), the third left for files that load a next day.
 */
const LOADED_SAMPLE = { carriers: 1500, days: 3, seed: 11, load: 2 } as const;

export interface LoadedSample extends Sample {
  /** A database of this file's own, cloned from the sample's. */
  db: TestDatabase;
  /** How many of `days` are loaded: days[loaded] is the next day to run. */
  loaded: number;
  /** Drops the database and removes the DuckDB copy. */
  drop: () => Promise<void>;
}

interface Built extends Sample {
  database: string;
}

/**
 * A fresh database cloned from the run's loaded sample (CREATE DATABASE ... TEMPLATE) and a copy
 * of its DuckDB files, so the pipeline goes on from there. The first caller of the test run builds
 * the sample (loadSample: the generator and the pipeline CLI in child processes, as production
 * runs them); the others wait for it.
 */
export async function loadedSample(): Promise<LoadedSample> {
  const built = await builtOnce();
  const db = await freshDatabase(built.database);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carrier-test-duck-'));
  // The file, its WAL if any, and its run files (pipeline/carried-tables.ts), which open from beside it.
  const from = path.dirname(built.duckdb);
  for (const f of fs.readdirSync(from).filter((n) => n.startsWith(path.basename(built.duckdb)))) {
    fs.cpSync(path.join(from, f), path.join(dir, f), { recursive: true });
  }
  return {
    db,
    dumps: built.dumps,
    days: built.days,
    duckdb: path.join(dir, path.basename(built.duckdb)),
    loaded: LOADED_SAMPLE.load,
    drop: async () => {
      await db.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One build per test run: the first process to create the folder builds, the others wait. */
async function builtOnce(): Promise<Built> {
  const dir = path.join(os.tmpdir(), 'carrier-test-loaded-sample');
  const ready = path.join(dir, 'ready.json');
  const failed = path.join(dir, 'failed.txt');
  let builder = true;
  try {
    fs.mkdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    builder = false;
  }
  if (builder) {
    try {
      const built = await build();
      fs.writeFileSync(`${ready}.tmp`, JSON.stringify(built));
      fs.renameSync(`${ready}.tmp`, ready);
    } catch (err) {
      fs.writeFileSync(failed, err instanceof Error ? (err.stack ?? err.message) : String(err));
      throw err;
    }
  }
  // The build is an event in another process: wait for its outcome (the caller's hook timeout is
  // the only limit, as for a build of one's own).
  for (;;) {
    if (fs.existsSync(ready)) return JSON.parse(fs.readFileSync(ready, 'utf8')) as Built;
    if (fs.existsSync(failed)) throw new Error(`the loaded sample could not be built:\n${fs.readFileSync(failed, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function build(): Promise<Built> {
  const serverUrl = inject('pgServerUrl');
  const database = `sample_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${database} TEMPLATE ${inject('pgTemplate')}`);
    const sample = await loadSample({ url: withDatabase(serverUrl, database) }, LOADED_SAMPLE);
    // A template from now on: no session may hold it open while it is cloned (autovacuum would).
    await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS false`);
    return { ...sample, database };
  } finally {
    await admin.end();
  }
}
