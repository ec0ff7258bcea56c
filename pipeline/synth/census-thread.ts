/**
 * Writes census.csv on a second thread while the main thread writes the other files of the day;
 * the census is the largest of the day's files to write. The population lives on
 * SharedArrayBuffers (nothing is copied) and the main thread, which stays synchronous, waits on a
 * shared control word (census-protocol.ts).
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { popBuffers, type Pop } from './model.ts';
import { writeCensusFile } from './write-census.ts';
import type { FileStat } from './csv.ts';
import { BUSY, CTRL_BYTES, FAILED, READY, STARTING } from './census-protocol.ts';

/**
 * The worker is plain JavaScript that installs tsx's in-thread CommonJS hook and then requires
 * the TypeScript worker module. (On Node 20, ESM loader hooks registered inside a worker thread do
 * not apply to that thread, so `--import tsx` cannot load a .ts worker.)
 */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
require(workerData.tsxCjs);
require(workerData.entry);
`;

/** How long the main thread waits for the worker to load before writing census itself. */
const START_TIMEOUT_MS = 30_000;
/** Upper bound for one census file: far beyond what writing one takes, so only a hang meets it. */
const WRITE_TIMEOUT_MS = 15 * 60_000;

export interface CensusWriter {
  /** Starts writing census.csv for the current state (returns before it is done when threaded). */
  start(p: Pop, file: string): void;
  /** Waits for the file started last and returns its row and byte counts. */
  finish(): FileStat;
  close(): void;
}

export function inlineCensusWriter(): CensusWriter {
  let last: FileStat | null = null;
  return {
    start(p, file) {
      last = writeCensusFile(p, file);
    },
    finish() {
      if (!last) throw new Error('census writer: finish() without start()');
      const s = last;
      last = null;
      return s;
    },
    close() {},
  };
}

/** A census writer on a worker thread, or null when the worker does not come up. */
export function threadedCensusWriter(p: Pop): CensusWriter | null {
  const ctrl = new SharedArrayBuffer(CTRL_BYTES);
  const state = new Int32Array(ctrl, 0, 4);
  const bytes = new Float64Array(ctrl, 16, 1);
  const text = new Uint8Array(ctrl, 24);
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    execArgv: [],
    workerData: {
      tsxCjs: createRequire(import.meta.url).resolve('tsx/cjs'),
      entry: fileURLToPath(new URL('./census-worker.ts', import.meta.url)),
      buffers: popBuffers(p),
      cap: p.cap,
      ctrl,
    },
  });
  // Errors while loading surface here only once the main thread yields; until then the state word
  // (a start timeout, or FAILED) reports them. The listener keeps them from crashing the process.
  worker.on('error', () => {});
  worker.unref();
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Atomics.load(state, 0) === STARTING && Date.now() < deadline) Atomics.wait(state, 0, STARTING, 200);
  if (Atomics.load(state, 0) !== READY) {
    void worker.terminate();
    return null;
  }
  let pending = false;
  return {
    start(pop, file) {
      if (pop.cap !== p.cap) throw new Error('census writer: population was reallocated');
      Atomics.store(state, 0, BUSY); // also publishes the population writes to the worker
      worker.postMessage({ n: pop.n, file });
      pending = true;
    },
    finish() {
      if (!pending) throw new Error('census writer: finish() without start()');
      pending = false;
      const until = Date.now() + WRITE_TIMEOUT_MS;
      while (Atomics.load(state, 0) === BUSY) {
        if (Date.now() > until) throw new Error('census writer thread timed out');
        Atomics.wait(state, 0, BUSY, 1000);
      }
      if (Atomics.load(state, 0) === FAILED) {
        throw new Error(`census writer thread failed: ${Buffer.from(text.subarray(0, state[2])).toString()}`);
      }
      return { rows: state[1], bytes: bytes[0] };
    },
    close() {
      void worker.terminate();
    },
  };
}
