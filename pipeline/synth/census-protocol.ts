/**
 * States of the control word shared by census-thread.ts (main thread) and census-worker.ts.
 * Layout of the control buffer: Int32 [0] state, [1] rows, [2] error length; Float64 at byte 16
 * the byte count; from byte 24 the error text.
 */
export const STARTING = 0;
export const READY = 1;
export const BUSY = 2;
export const DONE = 3;
export const FAILED = 4;
export const CTRL_BYTES = 24 + 4096;
