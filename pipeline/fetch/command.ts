/**
 * npm run pipeline -- fetch [--date YYYY-MM-DD] [--out DIR]
 *
 * Builds the day folder DIR (default ETL_INPUT_DIR/<date>; date default today in UTC) from
 * FMCSA_SOURCE_URL. Exit 0 when the folder is there (fetched now or before, or made otherwise and
 * left alone), PIPELINE_EXIT.unreachable with one line when the portal cannot be reached, 1 when
 * the fetch was refused.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { config } from '../../lib/config.ts';
import { logger } from '../../lib/logger.ts';
import { PIPELINE_EXIT } from '../../lib/pipeline-process.ts';
import { FetchError, PortalUnreachableError } from './errors.ts';
import { fetchDay } from './fetch-day.ts';
import { createFetchProgress } from './progress.ts';

const out = (line = '') => process.stdout.write(`${line}\n`);

function isDate(s: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
}

export class FetchUsageError extends Error {}

export async function fetchCommand(args: string[]): Promise<number> {
  let values: { date?: string; out?: string };
  try {
    ({ values } = parseArgs({ args, options: { date: { type: 'string' }, out: { type: 'string' } } }));
  } catch (err) {
    throw new FetchUsageError((err as Error).message);
  }
  const date = values.date ?? new Date().toISOString().slice(0, 10);
  if (!isDate(date)) throw new FetchUsageError(`--date must be a date (YYYY-MM-DD), got "${date}"`);
  const dir = path.resolve(values.out ?? path.join(config.etlInputDir, date));
  const log = logger.child({ component: 'fetch' });
  try {
    const result = await fetchDay({
      date,
      out: dir,
      client: { baseUrl: config.fmcsaSourceUrl, appToken: config.socrataAppToken },
      log,
      progress: createFetchProgress(log),
    });
    // Without a terminal (the nightly job) each dataset's outcome is in the log already.
    if (!process.stdout.isTTY) return 0;
    if (!result.manifest) {
      out(`${dir} exists and was not made by the fetch; left as it is`);
      return 0;
    }
    if (result.status === 'exists') {
      out(`${dir} is already fetched`);
      return 0;
    }
    for (const e of result.manifest.datasets) {
      out(`${e.dataset}  ${result.actions[e.dataset].padEnd(15)}  ${e.rows.toLocaleString('en-US').padStart(11)} rows  ${(e.bytes / 1e6).toFixed(1).padStart(8)} MB`);
    }
    for (const n of result.manifest.not_fetched) out(`${n.dataset}  not fetched      ${n.reason}`);
    out(`day folder: ${dir}`);
    return 0;
  } catch (err) {
    if (err instanceof PortalUnreachableError) {
      process.stderr.write(`fetch skipped: ${err.message}\n`);
      return PIPELINE_EXIT.unreachable;
    }
    if (err instanceof FetchError) {
      process.stderr.write(`error: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}
