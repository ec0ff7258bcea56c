/**
 * Download progress: a bar on a terminal (cli-progress: rows, bytes, rate, ETA), JSON lines
 * (pino) otherwise, at most one every few seconds per dataset.
 */
import cliProgress from 'cli-progress';
import type { Logger } from '../../lib/logger.ts';

export interface FetchProgress {
  /** A dataset starts; `totalRows` is the portal's count. */
  start(dataset: string, totalRows: number): void;
  /** Rows and bytes of the current attempt so far (they go back to 0 when a file restarts). */
  update(rows: number, bytes: number): void;
  end(): void;
}

const LOG_EVERY_MS = 5_000;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

export function createFetchProgress(log: Logger, stream: NodeJS.WriteStream = process.stderr): FetchProgress {
  return stream.isTTY ? barProgress(stream) : logProgress(log);
}

function barProgress(stream: NodeJS.WriteStream): FetchProgress {
  let bar: cliProgress.SingleBar | null = null;
  let started = 0;
  const payload = (bytes: number) => {
    const secs = (Date.now() - started) / 1000;
    return { size: mb(bytes), rate: secs > 0 ? `${(bytes / 1e6 / secs).toFixed(2)} MB/s` : '-' };
  };
  return {
    start(dataset, totalRows) {
      started = Date.now();
      bar = new cliProgress.SingleBar(
        {
          stream,
          format: `${dataset.padEnd(9)} [{bar}] {percentage}% | {value}/{total} rows | {size} | {rate} | ETA {eta_formatted}`,
          hideCursor: true,
          etaBuffer: 50,
        },
        cliProgress.Presets.shades_classic,
      );
      bar.start(Math.max(totalRows, 1), 0, payload(0));
    },
    update(rows, bytes) {
      bar?.update(rows, payload(bytes));
    },
    end() {
      bar?.stop();
      bar = null;
      // Keep the finished bar as a line of its own; the next dataset's bar starts below it.
      stream.write('\n');
    },
  };
}

function logProgress(log: Logger): FetchProgress {
  let dataset = '';
  let total = 0;
  let started = 0;
  let lastLog = 0;
  let rows = 0;
  let bytes = 0;
  const line = (msg: string) => {
    const secs = (Date.now() - started) / 1000;
    const rate = secs > 0 ? rows / secs : 0;
    log.info(
      {
        dataset,
        rows,
        total_rows: total,
        bytes,
        mb_per_s: secs > 0 ? Math.round((bytes / 1e6 / secs) * 100) / 100 : null,
        eta_s: rate > 0 && total > rows ? Math.round((total - rows) / rate) : null,
      },
      msg,
    );
  };
  return {
    start(d, t) {
      dataset = d;
      total = t;
      rows = bytes = 0;
      started = lastLog = Date.now();
      line('fetch started');
    },
    update(r, b) {
      rows = r;
      bytes = b;
      const now = Date.now();
      if (now - lastLog < LOG_EVERY_MS) return;
      lastLog = now;
      line('fetch progress');
    },
    // The fetch logs each finished dataset with its outcome (pipeline/fetch/fetch-day.ts).
    end() {},
  };
}

/** For callers that want no output (tests, library use). */
export const silentFetchProgress: FetchProgress = { start() {}, update() {}, end() {} };
