/**
 * The Meilisearch index of carriers (used when MEILI_URL is set): its settings, the document of
 * a carrier, and bringing the index up to a run — a full build into a fresh index swapped in at
 * the end, or the carriers written (and removed) since the run the index last reflected.
 * lib/search/query/meilisearch.ts queries it; pipeline/stages/search-index.ts maintains it.
 */
import { Meilisearch, type Index, type Settings } from 'meilisearch';
import type { Config } from '../../config.ts';
import type { Pool } from '../../postgres.ts';
import { searchSql } from '../sql.ts';

export const MEILI_BACKEND = 'meilisearch';
export const MEILI_INDEX = 'carriers';

/** One carrier as Meilisearch stores it (the API reads only `id`; rows come from PostgreSQL). */
export interface CarrierDocument {
  id: number;
  legal_name: string;
  dba_name: string;
  status: string;
  state: string;
  city: string;
  entity_type: string;
  /** Census carrier operation: A, B, C or ''. */
  carrier_operation: string;
  /** Lower-case cargo labels. */
  cargo: string[];
  /** Upper-case officer names. */
  officers: string[];
  phone: string;
  email: string;
  mc_number: string | null;
  power_units: number;
  /** Days since 1970-01-01 of the common authority date while authority is active. */
  auth_since?: number;
  _geo?: { lat: number; lng: number };
}

/**
 * Sorting comes first in the ranking rules, so an explicit order is exact (ties by id); without
 * one, text searches rank by relevance. One typo from 4 letters, two from 8 (as PostgreSQL).
 */
const MEILI_SETTINGS: Settings = {
  searchableAttributes: ['legal_name', 'dba_name'],
  filterableAttributes: [
    'status', 'state', 'city', 'entity_type', 'carrier_operation', 'cargo', 'officers', 'phone', 'email', 'mc_number', 'power_units',
    'auth_since', '_geo',
  ],
  sortableAttributes: ['legal_name', 'id', 'power_units', '_geo'],
  rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'],
  typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 4, twoTypos: 8 } },
  // Totals must be exact and deep pages reachable: count every hit.
  pagination: { maxTotalHits: 100_000_000 },
};

const BATCH = 10_000;
/** Indexing every carrier takes long; never give up on a task before this. */
const TASK_TIMEOUT_MS = 60 * 60 * 1000;

export function meiliClient(config: Config): Meilisearch {
  return new Meilisearch({ host: config.meiliUrl, apiKey: config.meiliKey || undefined });
}

/** A row of meili/docs.sql: the document's fields, with NULL where the document leaves one out. */
type DocRow = Omit<CarrierDocument, 'auth_since' | '_geo'> & { auth_since: number | null; lat: number | null; lon: number | null };

function toDocument(r: DocRow): CarrierDocument {
  const { lat, lon, auth_since, ...rest } = r;
  return {
    ...rest,
    ...(auth_since === null ? {} : { auth_since }),
    ...(lat === null || lon === null ? {} : { _geo: { lat, lng: lon } }),
  };
}

async function documents(pool: Pool, dots: string[]): Promise<CarrierDocument[]> {
  const { rows } = await pool.query<DocRow>(searchSql('meili/docs'), [dots]);
  return rows.map(toDocument);
}

async function waitAll(tasks: ReturnType<Index['addDocuments']>[]): Promise<void> {
  for (const t of tasks) {
    const task = await t.waitTask({ timeout: TASK_TIMEOUT_MS });
    if (task.status !== 'succeeded') throw new Error(`Meilisearch task ${task.uid} ${task.status}: ${task.error?.message ?? ''}`);
  }
}

async function ensureIndex(client: Meilisearch, uid: string): Promise<Index<CarrierDocument>> {
  try {
    await client.getRawIndex(uid);
  } catch {
    await waitAll([client.createIndex(uid, { primaryKey: 'id' })]);
  }
  const index = client.index<CarrierDocument>(uid);
  await waitAll([index.updateSettings(MEILI_SETTINGS)]);
  return index;
}

export interface MeiliRefresh {
  mode: 'full' | 'incremental';
  upserted: number;
  deleted: number;
}

/**
 * Every carrier into a new index, then swapped with the served one: searches see the old index
 * until the new one is complete.
 */
export async function rebuildMeili(config: Config, pool: Pool, onProgress?: (done: number) => void): Promise<MeiliRefresh> {
  const client = meiliClient(config);
  // Officer search uses the CONTAINS filter operator (experimental in Meilisearch 1.x).
  await client.updateExperimentalFeatures({ containsFilter: true });
  const next = `${MEILI_INDEX}_next`;
  await client.deleteIndexIfExists(next);
  const index = await ensureIndex(client, next);
  let after = '';
  let upserted = 0;
  const tasks: ReturnType<Index['addDocuments']>[] = [];
  for (;;) {
    const { rows } = await pool.query<{ dot_number: string }>(searchSql('meili/all-dots'), [after, BATCH]);
    if (rows.length === 0) break;
    after = rows[rows.length - 1].dot_number;
    tasks.push(index.addDocuments(await documents(pool, rows.map((r) => r.dot_number)), { primaryKey: 'id' }));
    upserted += rows.length;
    onProgress?.(upserted);
  }
  await waitAll(tasks);
  await ensureIndex(client, MEILI_INDEX);
  await waitAll([client.swapIndexes([{ indexes: [MEILI_INDEX, next], rename: false }])]);
  await waitAll([client.deleteIndex(next)]);
  return { mode: 'full', upserted, deleted: 0 };
}

/** The carriers written or removed by runs after `since`. */
export async function refreshMeili(config: Config, pool: Pool, since: number): Promise<MeiliRefresh> {
  const client = meiliClient(config);
  await client.updateExperimentalFeatures({ containsFilter: true });
  const index = await ensureIndex(client, MEILI_INDEX);
  const { rows } = await pool.query<{ dot_number: string; op: 'upsert' | 'delete' }>(searchSql('meili/changed-dots'), [since]);
  const upserts = rows.filter((r) => r.op === 'upsert').map((r) => r.dot_number);
  const deletes = rows.filter((r) => r.op === 'delete').map((r) => Number(r.dot_number));
  const tasks: ReturnType<Index['addDocuments']>[] = [];
  for (let i = 0; i < upserts.length; i += BATCH) {
    tasks.push(index.addDocuments(await documents(pool, upserts.slice(i, i + BATCH)), { primaryKey: 'id' }));
  }
  if (deletes.length) tasks.push(index.deleteDocuments(deletes));
  await waitAll(tasks);
  return { mode: 'incremental', upserted: upserts.length, deleted: deletes.length };
}
