/** Worker side of census-thread.ts: writes census.csv for each job posted by the main thread. */
import { parentPort, workerData } from 'node:worker_threads';
import { popFromBuffers } from './model.ts';
import { writeCensusFile } from './write-census.ts';
import { BUSY, DONE, FAILED, READY } from './census-protocol.ts';

const { buffers, cap, ctrl } = workerData as {
  buffers: Record<string, SharedArrayBuffer>;
  cap: number;
  ctrl: SharedArrayBuffer;
};
const state = new Int32Array(ctrl, 0, 4);
const bytes = new Float64Array(ctrl, 16, 1);
const text = new Uint8Array(ctrl, 24);
const p = popFromBuffers(buffers, cap);

parentPort!.on('message', (job: { n: number; file: string }) => {
  if (Atomics.load(state, 0) !== BUSY) return; // acquire: the main thread's writes are visible now
  try {
    p.n = job.n;
    const st = writeCensusFile(p, job.file);
    state[1] = st.rows;
    bytes[0] = st.bytes;
    Atomics.store(state, 0, DONE);
  } catch (err) {
    const msg = Buffer.from(String((err as Error)?.stack ?? err)).subarray(0, text.length);
    text.set(msg);
    state[2] = msg.length;
    Atomics.store(state, 0, FAILED);
  }
  Atomics.notify(state, 0);
});

Atomics.store(state, 0, READY);
Atomics.notify(state, 0);
