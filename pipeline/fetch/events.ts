/**
 * What a fetch reports while it works, for callers that wait on it (tests, a supervisor): every
 * retried attempt, every republished set, every dataset finished.
 */
import { EventEmitter } from 'node:events';

export type DatasetAction = 'downloaded' | 'linked' | 'carried-forward';

export interface FetchEventMap {
  retry: [{ what: string; attempt: number; error: string }];
  republished: [{ dataset: string; before: string; after: string }];
  dataset: [{ dataset: string; action: DatasetAction; rows: number; bytes: number }];
}

export class FetchEvents extends EventEmitter<FetchEventMap> {}
