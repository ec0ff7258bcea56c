/** What both download modes share: where they write, whom they ask, what they report. */
import type { Logger } from '../../lib/logger.ts';
import type { FetchEvents } from './events.ts';
import type { PortalClient } from './http.ts';
import type { FetchProgress } from './progress.ts';
import type { RetryPolicy } from './retry.ts';

export interface DownloadContext {
  client: PortalClient;
  retry: RetryPolicy;
  log: Logger;
  progress: FetchProgress;
  events?: FetchEvents;
  /** Rows per page of a paged download. */
  pageRows: number;
}

export interface Downloaded {
  /** The request (rows.csv) or the first page's request without its offset (paged). */
  url: string;
  bytes: number;
  /** Data rows, the header not counted. */
  rows: number;
  etag: string | null;
}
