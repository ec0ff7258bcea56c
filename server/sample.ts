/**
 * First start on a fresh machine: generate a seeded sample registry (one folder per day, ending
 * today) and run the pipeline over every day, so every endpoint has data. Later starts skip it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../lib/config.ts';
import type { Pool } from '../lib/postgres.ts';
import { logger } from '../lib/logger.ts';
import { runPipelineCli } from '../lib/pipeline-process.ts';

/**
 * The synth command line of the sample: SAMPLE_CARRIERS × SAMPLE_DAYS days with SAMPLE_SEED,
 * ending on `now`'s UTC day (README's synth example writes the same).
 */
export function sampleSynthArgs(config: Pick<Config, 'sampleCarriers' | 'sampleDays' | 'sampleSeed'>, out: string, now: Date): string[] {
  const start = new Date(now.getTime() - (config.sampleDays - 1) * 86_400_000).toISOString().slice(0, 10);
  return [
    'synth',
    '--carriers', String(config.sampleCarriers),
    '--days', String(config.sampleDays),
    '--seed', String(config.sampleSeed),
    '--start', start,
    '--out', out,
  ];
}

export async function loadSampleIfEmpty(config: Config, pool: Pool, databaseUrl: string): Promise<void> {
  if (config.sampleCarriers <= 0) return;
  const { rows } = await pool.query("SELECT 1 FROM etl_runs WHERE status = 'succeeded' LIMIT 1");
  if (rows.length) return;
  const out = config.etlInputDir;
  if (!fs.existsSync(out) || fs.readdirSync(out).length === 0) {
    logger.info({ carriers: config.sampleCarriers, days: config.sampleDays, out }, 'fresh machine: generating the sample registry');
    await runPipelineCli(sampleSynthArgs(config, out, new Date()));
  }
  logger.info({ input: path.relative(process.cwd(), out) }, 'loading the sample: running the pipeline for every day');
  await runPipelineCli(['run', '--input', out], { DATABASE_URL: databaseUrl });
  logger.info('sample loaded');
}
