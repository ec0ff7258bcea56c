/**
 * What the portal says about a dataset before and after it is downloaded: its column list and
 * rowsUpdatedAt (GET /api/views/{id}.json) and its row count (GET /resource/{id}.json?$select=count(*)).
 */
import type { Logger } from '../../lib/logger.ts';
import { ContentError, TransientError } from './errors.ts';
import type { FetchEvents } from './events.ts';
import { bodyChunks, request, type PortalClient } from './http.ts';
import { withRetry, type RetryPolicy } from './retry.ts';
import { countUrl, metadataUrl } from './urls.ts';

export interface Column {
  /** Display name: the rows.csv header. */
  name: string;
  /** API field name: the /resource header. */
  fieldName: string;
}

export interface DatasetMeta {
  /** ISO time the source's rows were last (re)published. */
  rowsUpdatedAt: string;
  columns: Column[];
}

export interface Asker {
  client: PortalClient;
  retry: RetryPolicy;
  log: Logger;
  events?: FetchEvents;
}

async function getJson(ask: Asker, url: string): Promise<unknown> {
  return withRetry(
    url,
    async () => {
      const res = await request(ask.client, url);
      const parts: Buffer[] = [];
      for await (const chunk of bodyChunks(res, url)) parts.push(chunk);
      const text = Buffer.concat(parts).toString('utf8');
      try {
        return JSON.parse(text) as unknown;
      } catch {
        // An error page with status 200: the portal's, not ours; another attempt may get data.
        throw new TransientError(`${url}: not JSON (${text.trimStart().slice(0, 40)}…)`);
      }
    },
    ask.retry,
    ask.log,
    ask.events,
  );
}

interface RawColumn {
  name?: string;
  fieldName?: string;
  flags?: string[];
}

export async function fetchMeta(ask: Asker, id: string): Promise<DatasetMeta> {
  const url = metadataUrl(ask.client, id);
  const body = (await getJson(ask, url)) as { rowsUpdatedAt?: number; columns?: RawColumn[] };
  if (typeof body?.rowsUpdatedAt !== 'number' || !Array.isArray(body.columns)) {
    throw new ContentError(`${id}: the metadata (${url}) has no rowsUpdatedAt or columns`);
  }
  // System fields (:id, :updated_at, …) and hidden columns are in no export.
  const columns = body.columns
    .filter((c) => typeof c.fieldName === 'string' && !c.fieldName.startsWith(':') && !(c.flags ?? []).includes('hidden'))
    .map((c) => ({ name: String(c.name), fieldName: String(c.fieldName) }));
  return { rowsUpdatedAt: new Date(body.rowsUpdatedAt * 1000).toISOString(), columns };
}

export async function fetchCount(ask: Asker, id: string): Promise<number> {
  const url = countUrl(ask.client, id);
  const body = await getJson(ask, url);
  const first = Array.isArray(body) ? (body[0] as Record<string, unknown> | undefined) : undefined;
  const value = first ? Number(Object.values(first)[0]) : NaN;
  if (!Number.isInteger(value) || value < 0) throw new TransientError(`${url}: no row count in ${JSON.stringify(body).slice(0, 80)}`);
  return value;
}

/**
 * The names that differ between two column lists, as "removed x, added y", or "moved z" when
 * only the order changed; null when they are the same. Both spellings count: a renamed display
 * name breaks rows.csv readers, a renamed field name /resource readers.
 */
export function columnChanges(before: Column[], after: Column[]): string | null {
  const key = (c: Column) => `${c.name} (${c.fieldName})`;
  const was = before.map(key);
  const now = after.map(key);
  const removed = was.filter((k) => !now.includes(k));
  const added = now.filter((k) => !was.includes(k));
  const parts: string[] = [];
  if (removed.length) parts.push(`removed ${removed.join(', ')}`);
  if (added.length) parts.push(`added ${added.join(', ')}`);
  if (!parts.length) {
    const moved = now.filter((k, i) => was[i] !== k);
    if (moved.length) parts.push(`moved ${moved.join(', ')}`);
  }
  return parts.length ? parts.join('; ') : null;
}
