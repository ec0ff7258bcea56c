/**
 * Runs the pipeline CLI in a child process (server and jobs never import pipeline internals, and
 * DuckDB's memory stays out of the API process). On a terminal the child writes to it (its
 * progress display: a first `npm start` builds the sample for a minute or more); otherwise its
 * output is kept, and its end goes into our log if it fails.
 *
 * @example
 * await runPipelineCli(['run', '--input', dir], { DATABASE_URL: url });
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './config.ts';
import { logger } from './logger.ts';

/** Exit codes of the pipeline CLI that are an answer, not a failure. */
export const PIPELINE_EXIT = {
  /** `fetch`: the data portal cannot be reached from here (sysexits' EX_TEMPFAIL). */
  unreachable: 75,
} as const;

/** The CLI ended with one of the `quietExitCodes` it was asked about; `line` is its last line. */
export class PipelineExitError extends Error {
  constructor(
    readonly code: number,
    readonly line: string,
  ) {
    super(line);
    this.name = 'PipelineExitError';
  }
}

export interface PipelineCliOptions {
  /** Exit codes that reject with a PipelineExitError, without a log line of their own. */
  quietExitCodes?: readonly number[];
  /**
   * The child's log lines (its stdout) go to ours even without a terminal (a long download's
   * progress); its stderr is kept, for the error.
   */
  showLog?: boolean;
}

export function runPipelineCli(args: string[], env: Record<string, string> = {}, options: PipelineCliOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const terminal = process.stderr.isTTY === true && !options.showLog;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'pipeline', 'cli.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', terminal || options.showLog ? 'inherit' : 'pipe', terminal ? 'inherit' : 'pipe'],
    });
    let tail = '';
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', reject);
    // 'close', not 'exit': the last lines of its output are read by then.
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      if (code !== null && options.quietExitCodes?.includes(code)) {
        return reject(new PipelineExitError(code, tail.trim().split('\n').pop() ?? ''));
      }
      // Stopped by a signal (a Ctrl-C reaches the whole process group): not a failure of its own.
      if (signal === 'SIGINT' || signal === 'SIGTERM') {
        logger.info({ args, signal }, 'pipeline command stopped');
        return reject(new Error(`pipeline ${args[0]} stopped by ${signal}`));
      }
      logger.error({ args, code, signal, output: terminal ? '(on the terminal)' : tail }, 'pipeline command failed');
      const said = terminal ? 'its output is above' : tail.trim().split('\n').slice(-3).join(' | ');
      reject(new Error(`pipeline ${args[0]} failed (${signal ?? `exit ${code}`}): ${said}`));
    });
  });
}
