/** Worker thread of the score stage (score.ts): scores the batches it is sent, one at a time, into part files. */
import { parentPort } from 'node:worker_threads';
import { scoreColumns, writeScoredPart, type ScoreBatch } from './score-batch.ts';

parentPort!.on('message', (batch: ScoreBatch & { id: number; file: string }) => {
  try {
    writeScoredPart(scoreColumns(batch), batch.file);
    parentPort!.postMessage({ id: batch.id });
  } catch (err) {
    parentPort!.postMessage({ id: batch.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
});
