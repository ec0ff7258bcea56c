/**
 * Runs the pipeline CLI in a child process (server and jobs never import pipeline internals, and
 * DuckDB's memory stays out of the API process). On a terminal the child writes to it (its
 * progress display: a first `npm start` builds the sample for a minute or more); otherwise its
 * output is kept, and its end goes into our log if it fails.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './config.ts';
import { logger } from './logger.ts';

export function runPipelineCli(args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const terminal = process.stderr.isTTY === true;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'pipeline', 'cli.ts'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', terminal ? 'inherit' : 'pipe', terminal ? 'inherit' : 'pipe'],
    });
    let tail = '';
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
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
