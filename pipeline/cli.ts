/**
 * npm run pipeline -- <command>
 *
 *   run --input DIR [--full] [--allow-mass-removal]
 *       DIR is one day folder (YYYY-MM-DD) or a folder of them: every day not yet loaded runs,
 *       in date order, through all stages.
 *   stage NAME --run ID [--full] [--allow-mass-removal]
 *       one stage of an existing run again (idempotent); NAME is one of STAGE_ORDER
 *       (ingest, snapshot, diff, related, score, load, search-index).
 *   status [--json]
 *       the runs with their status, summary, stage timings and quarantined rows.
 *   quarantine --run ID
 *       the rows a run's ingest left out: file, line, reason, the line as written.
 *   fetch [--date YYYY-MM-DD] [--out DIR]
 *       a day folder of the FMCSA datasets from the data portal (pipeline/fetch/command.ts).
 *   synth ...
 *       the synthetic registry generator (pipeline/synth/cli.ts).
 *   COMMAND --help
 *       what a command does and its options.
 *
 * PostgreSQL comes from lib/open-database.ts (DATABASE_URL, else the embedded server).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { config } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';
import { openPipeline, type PipelineEnv } from './context.ts';
import { InputError, StageOrderError } from './errors.ts';
import { fetchCommand, FetchUsageError } from './fetch/command.ts';
import { rerunStage, runInput, type DayOutcome, type StageOutcome } from './run-stages.ts';
import { batchDate, listRuns, quarantineOf, type EtlRun } from './etl-runs.ts';
import { STAGE_ORDER } from './stages/plan.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const out = (line = '') => process.stdout.write(`${line}\n`);

const USAGE = `usage:
  npm run pipeline -- run --input DIR [--full] [--allow-mass-removal]
  npm run pipeline -- stage NAME --run ID [--full] [--allow-mass-removal]
      NAME: ${STAGE_ORDER.join(', ')}
  npm run pipeline -- status [--json]
  npm run pipeline -- quarantine --run ID
  npm run pipeline -- fetch [--date YYYY-MM-DD] [--out DIR]
  npm run pipeline -- synth --carriers N --days D --seed S --out DIR [--start YYYY-MM-DD] [--churn 0.01]
  npm run pipeline -- COMMAND --help   (the options of one command)`;

const LOAD_OPTIONS = `  --full                 rebuild instead of applying only the carriers that changed (a bulk
                         load, the search index from scratch)
  --allow-mass-removal   let the diff remove over 10 % (and at least 1,000) of the carriers; it
                         otherwise stops the run, a cut census file being the likely cause`;

/** \`COMMAND --help\`: what it does and its options (synth answers its own, pipeline/synth/cli.ts). */
const HELP: Record<string, string> = {
  run: `usage: npm run pipeline -- run --input DIR [--full] [--allow-mass-removal]

Runs every stage for a day folder (named YYYY-MM-DD), or for each day folder in DIR not loaded
yet, in date order, stopping at the first failure. Stages: ${STAGE_ORDER.join(' → ')}.

  --input DIR            a day folder, or a folder of day folders (required)
${LOAD_OPTIONS}`,
  stage: `usage: npm run pipeline -- stage NAME --run ID [--full] [--allow-mass-removal]

Runs one stage of an existing run again (every stage is idempotent for a run id).

  NAME                   one of ${STAGE_ORDER.join(', ')}
  --run ID               the run's etl_run_id (see status)
${LOAD_OPTIONS}`,
  status: `usage: npm run pipeline -- status [--json]

Lists the runs with their status, stage timings, quarantined rows and change count.

  --json                 the runs as JSON instead of a table`,
  fetch: `usage: npm run pipeline -- fetch [--date YYYY-MM-DD] [--out DIR]

Downloads the FMCSA datasets of data/fmcsa-datasets.json from FMCSA_SOURCE_URL into a complete
day folder (docs/fetch.md): each checked (type, row count, columns) and hashed; the folder appears
only when every dataset is there.

  --date YYYY-MM-DD      the date the data is as of (default: today, UTC)
  --out DIR              the day folder to write (default: ETL_INPUT_DIR/<date>)`,
  quarantine: `usage: npm run pipeline -- quarantine --run ID

Lists the rows a run's ingest quarantined (left out): file, line, reason, the line as written.

  --run ID               the run's etl_run_id (see status)`,
};

const secs = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

function printStage(o: StageOutcome): void {
  out(`  ${o.stage.padEnd(12)} ${secs(o.ms).padStart(8)}  ${o.rows.toLocaleString('en-US').padStart(12)} rows`);
}

function printDay(d: DayOutcome): void {
  out(`${d.day}  run ${d.etl_run_id ?? '-'}  ${d.status}`);
  d.stages.forEach(printStage);
}

function statusTable(runs: EtlRun[]): string[] {
  const stages = STAGE_ORDER.filter((s) => runs.some((r) => r.stages[s]));
  const head = ['run', 'day', 'status', ...stages, 'quarantined', 'changes', 'error'];
  const rows = runs.map((r) => [
    String(r.etl_run_id),
    batchDate(r.batch_ts),
    r.status,
    ...stages.map((s) => (r.stages[s] ? secs(r.stages[s].ms) : '-')),
    r.stages.ingest ? String(r.stages.ingest.quarantined ?? 0) : '-',
    r.summary ? String(r.summary.total_changes ?? 0) : '-',
    (r.error ?? '').split('\n')[0].slice(0, 80),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [fmt(head), ...rows.map(fmt)];
}

async function withEnv<T>(fn: (env: PipelineEnv) => Promise<T>): Promise<T> {
  const env = await openPipeline(config);
  try {
    return await fn(env);
  } finally {
    await env.close();
  }
}

function synth(args: string[]): number {
  const cli = path.join(HERE, 'synth', 'cli.ts');
  if (!fs.existsSync(cli)) {
    process.stderr.write('the synthetic generator (pipeline/synth/cli.ts) is not installed\n');
    return 2;
  }
  const r = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { stdio: 'inherit' });
  return r.status ?? 1;
}

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd === 'synth') return synth(rest);
  // Before anything opens the database.
  if (cmd === undefined || cmd === 'help' || cmd === '--help' || cmd === '-h') {
    out(USAGE);
    return cmd === undefined ? 2 : 0;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    if (!HELP[cmd]) throw new UsageError(`unknown command "${cmd}"`);
    out(HELP[cmd]);
    return 0;
  }
  if (cmd === 'fetch') return fetchCommand(rest);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      input: { type: 'string' },
      run: { type: 'string' },
      full: { type: 'boolean', default: false },
      'allow-mass-removal': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const opts = { full: values.full, allowMassRemoval: values['allow-mass-removal'] };
  switch (cmd) {
    case 'run': {
      if (!values.input) throw new UsageError('run needs --input DIR');
      const days = await withEnv((env) => runInput(env, values.input!, opts, printDay));
      if (days.length === 0) out('nothing to run');
      return 0;
    }
    case 'stage': {
      const name = positionals[0];
      const runId = Number(values.run);
      if (!name || !Number.isInteger(runId) || runId <= 0) throw new UsageError('stage needs NAME and --run ID');
      printStage(await withEnv((env) => rerunStage(env, name, runId, opts)));
      return 0;
    }
    case 'status': {
      const runs = await withEnv((env) => listRuns(env.pool));
      if (values.json) out(JSON.stringify(runs, null, 2));
      else if (runs.length === 0) out('no runs yet');
      else statusTable(runs).forEach((l) => out(l));
      return 0;
    }
    case 'quarantine': {
      const runId = Number(values.run);
      if (!Number.isInteger(runId) || runId <= 0) throw new UsageError('quarantine needs --run ID');
      const rows = await withEnv((env) => quarantineOf(env.pool, runId));
      if (rows.length === 0) out(`run ${runId}: no quarantined rows`);
      for (const q of rows) out(`${q.file}:${q.line}  ${q.reason}\n    ${q.raw}`);
      return 0;
    }
    default:
      throw new UsageError(`unknown command "${cmd}"`);
  }
}

class UsageError extends Error {}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError || err instanceof FetchUsageError) process.stderr.write(`${err.message}\n${USAGE}\n`);
    else if (err instanceof InputError || err instanceof StageOrderError) process.stderr.write(`error: ${err.message}\n`);
    else {
      logger.error({ err }, 'pipeline failed');
      process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    }
    process.exit(1);
  },
);
