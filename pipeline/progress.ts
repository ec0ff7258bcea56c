/**
 * Progress of long steps: one updating line on a terminal, JSON log lines (pino) otherwise,
 * throttled so a long step writes a handful of lines, not thousands.
 */
import type { Logger } from '../lib/logger.ts';

export interface Progress {
  /** A new step: `label` names it, `total` is its size when known (rows, bytes, percent). */
  start(label: string, total?: number): void;
  update(done: number, total?: number): void;
  /** Ends the step; `note` is printed beside it (e.g. row count). */
  end(note?: string): void;
}

const LOG_EVERY_MS = 5_000;
const DRAW_EVERY_MS = 100;

export function createProgress(logger: Logger, stream: NodeJS.WriteStream = process.stderr): Progress {
  return stream.isTTY ? ttyProgress(stream) : logProgress(logger);
}

function pct(done: number, total?: number): number | undefined {
  return total && total > 0 ? Math.min(100, Math.round((done / total) * 1000) / 10) : undefined;
}

function ttyProgress(stream: NodeJS.WriteStream): Progress {
  let label = '';
  let started = 0;
  let lastDraw = 0;
  let total: number | undefined;
  const draw = (text: string) => stream.write(`\r\x1b[2K${text}`);
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
  return {
    start(l, t) {
      label = l;
      total = t;
      started = Date.now();
      draw(`${label} ...`);
    },
    update(done, t) {
      if (t !== undefined) total = t;
      const now = Date.now();
      if (now - lastDraw < DRAW_EVERY_MS) return;
      lastDraw = now;
      const p = pct(done, total);
      draw(`${label} ${p === undefined ? done.toLocaleString('en-US') : `${p.toFixed(1)}%`} ${elapsed()}`);
    },
    end(note) {
      draw(`${label} done${note ? ` (${note})` : ''} ${elapsed()}\n`);
    },
  };
}

function logProgress(logger: Logger): Progress {
  let label = '';
  let started = 0;
  let lastLog = 0;
  let total: number | undefined;
  return {
    start(l, t) {
      label = l;
      total = t;
      started = lastLog = Date.now();
      logger.info({ step: label }, 'step started');
    },
    update(done, t) {
      if (t !== undefined) total = t;
      const now = Date.now();
      if (now - lastLog < LOG_EVERY_MS) return;
      lastLog = now;
      logger.info({ step: label, done, total, percent: pct(done, total) }, 'step progress');
    },
    end(note) {
      logger.info({ step: label, ms: Date.now() - started, note }, 'step finished');
    },
  };
}

/** For callers that want no output (tests, library use). */
export const silentProgress: Progress = { start() {}, update() {}, end() {} };
