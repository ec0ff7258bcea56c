/**
 * The warm-up: while DuckDB works (ingest, related, score), the PostgreSQL pages the load will
 * rewrite are read into the OS page cache, so that the load does not wait on them one by one.
 *
 * An incremental load rewrites a few tens of thousands of carriers: their rows in carriers,
 * carrier_core_json and insurance_policies, their history rows, and their search rows and
 * postings, each a random page of the table and of every one of its indexes; the search-index
 * stage's VACUUM then scans the search tables' indexes whole. Once the database outgrows memory
 * (4.5M carriers: 18 GB on a 24 GB host) those pages are mostly on disk when the load comes, and
 * each costs a read of its own. Read ahead, in block order, they cost a fraction of that, on a
 * disk the DuckDB stages leave idle (docs/performance.md, "The warm-up"). Two parts:
 * - from the start of the run: the search and history tables with their indexes, whole
 *   (pg_prewarm's 'read' mode: sequential reads into the page cache, shared buffers untouched);
 * - once the snapshot stage knows the carriers that moved: their pages of the per-carrier tables
 *   (carriers alone is 6 GB at 4.5M: too large to read whole), through bitmap scans.
 *
 * Advisory: a failure is logged and the night goes on. The whole tables are skipped when they
 * would not fit in what memory leaves the page cache: half of what PostgreSQL's shared buffers
 * leave of this host's memory (the other half is DuckDB's, and the night's files').
 */
import os from 'node:os';
import { SEARCH_TABLES } from '../lib/search/index.ts';
import { withTransaction } from '../lib/postgres.ts';
import { sql } from '../lib/sql-files.ts';
import type { RunContext } from './context.ts';
import { duckRows } from './duck.ts';
import { servedRun } from './etl-runs.ts';
import { movedSince } from './stages/handoff.ts';

/** The tables read whole, with their indexes: the search tables and the history a load extends. */
const WHOLE_TABLES = [...SEARCH_TABLES, 'carrier_history', 'insurance_policy_history', 'risk_history'];

/** What a warm-up read (null: not begun, or nothing to read: a first run's load rewrites every carrier). */
interface WarmUpReport {
  tables: { relations: number; bytes: number } | { skipped: 'memory'; bytes: number; budget: number } | null;
  carriers: { carriers: number; rows: number } | null;
  /** The errors that stopped a part (the night went on without it). */
  errors: string[];
}

export interface WarmUp {
  /** Starts reading the whole tables in the background. */
  startTables(ctx: RunContext): void;
  /** After the snapshot stage: the moved carriers' pages, once the tables are read. */
  startCarriers(ctx: RunContext): Promise<void>;
  /** Waits for the reading to end (before the load, which must not share the disk with it); what it read. */
  finish(): Promise<WarmUpReport>;
  /** Stops after the relation being read (a run that failed before its load). */
  abandon(): Promise<void>;
}

/** `memoryBytes`: this host's memory, which bounds the whole tables' reading (os.totalmem() by default). */
export function warmUp(opts: { memoryBytes?: number } = {}): WarmUp {
  const memory = opts.memoryBytes ?? os.totalmem();
  const report: WarmUpReport = { tables: null, carriers: null, errors: [] };
  let reading: Promise<void> = Promise.resolve();
  let stopped = false;
  const failed = (ctx: RunContext, part: string) => (err: Error) => {
    report.errors.push(`${part}: ${err.message}`);
    ctx.logger.warn({ err: err.message }, `warm-up (${part}) failed; the load reads those pages as it needs them`);
  };
  const queue = (ctx: RunContext, part: string, work: () => Promise<void>) => {
    reading = reading.then(() => (stopped ? undefined : work().catch(failed(ctx, part))));
  };
  return {
    startTables(ctx) {
      queue(ctx, 'tables', async () => {
        report.tables = await readTables(ctx, memory, () => stopped);
      });
    },
    async startCarriers(ctx) {
      const dots = await movedCarriers(ctx).catch((err: Error) => void failed(ctx, 'carriers')(err));
      if (!dots) return;
      queue(ctx, 'carriers', async () => {
        report.carriers = await readCarriers(ctx, dots);
      });
    },
    async finish() {
      await reading;
      return report;
    },
    async abandon() {
      stopped = true;
      await reading;
    },
  };
}

async function readTables(ctx: RunContext, memory: number, stopped: () => boolean): Promise<WarmUpReport['tables']> {
  const started = Date.now();
  const client = await ctx.pool.connect();
  try {
    const { rows } = await client.query<{ relation: string; bytes: string }>(sql('pipeline/warm_relations'), [WHOLE_TABLES]);
    const bytes = rows.reduce((n, r) => n + Number(r.bytes), 0);
    const { rows: [{ shared }] } = await client.query<{ shared: string }>(
      `SELECT pg_size_bytes(current_setting('shared_buffers')) AS shared`,
    );
    const budget = Math.round((memory - Number(shared)) / 2);
    if (bytes > budget) {
      ctx.logger.info({ bytes, budget }, 'warm-up skipped the whole tables: they would not stay in memory');
      return { skipped: 'memory', bytes, budget };
    }
    const read = { relations: 0, bytes: 0 };
    for (const r of rows) {
      if (stopped()) break;
      if (Number(r.bytes) === 0) continue;
      await client.query(`SELECT pg_prewarm($1::regclass, 'read')`, [r.relation]);
      read.relations += 1;
      read.bytes += Number(r.bytes);
    }
    ctx.logger.info({ ...read, ms: Date.now() - started }, 'warm-up read the search and history tables');
    return read;
  } finally {
    client.release();
  }
}

/** The carriers the snapshot moved since the served run; null when the load rewrites every carrier (a first run, a snapshot built whole). */
async function movedCarriers(ctx: RunContext): Promise<string[] | null> {
  const served = await servedRun(ctx.pool);
  const moved = served ? await movedSince(ctx, served.etl_run_id) : null;
  return moved === null ? null : (await duckRows<{ dot_number: string }>(ctx.duck, moved)).map((r) => r.dot_number);
}

async function readCarriers(ctx: RunContext, dots: string[]): Promise<WarmUpReport['carriers']> {
  const started = Date.now();
  const rows = await withTransaction(ctx.pool, async (c) => {
    await c.query('SET LOCAL enable_indexscan = off');
    await c.query('SET LOCAL enable_seqscan = off');
    return Number((await c.query<{ rows: string }>(sql('pipeline/warm_carriers'), [dots])).rows[0].rows);
  });
  ctx.logger.info({ carriers: dots.length, rows, ms: Date.now() - started }, 'warm-up read the moved carriers');
  return { carriers: dots.length, rows };
}
