/** Worker thread of the score stage (score.ts): scores the batches it is sent, one at a time. */
import { parentPort } from 'node:worker_threads';
import { scoreColumns, type ScoreBatch } from './score-columns.ts';

parentPort!.on('message', (batch: ScoreBatch & { id: number }) => {
  try {
    parentPort!.postMessage({ id: batch.id, result: scoreColumns(batch) });
  } catch (err) {
    parentPort!.postMessage({ id: batch.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
