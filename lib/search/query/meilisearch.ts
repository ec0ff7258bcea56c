/**
 * The Meilisearch backend (MEILI_URL set): the same SearchParams as filters and sorts of the
 * `carriers` index (lib/search/build/meili.ts); Meilisearch returns the page of DOT numbers and
 * the exact total (page/hitsPerPage mode counts every hit), the rows come from PostgreSQL.
 *
 * Differences from the PostgreSQL backend, by the nature of the engine: words are matched with
 * Meilisearch's own typo rules (typos also when a word exists), the default order of text
 * searches is Meilisearch's relevance, and the officer filter is a case-insensitive substring
 * match (no trigram similarity).
 */
import type { Meilisearch as Client } from 'meilisearch';
import type { Config } from '../../config.ts';
import type { Pool } from '../../postgres.ts';
import { MEILI_INDEX, meiliClient, type CarrierDocument } from '../build/meili.ts';
import { fetchRows } from './rows.ts';
import type { SearchBackend, SearchParams, SearchResult, SortKey } from '../contract.ts';

const METERS_PER_MILE = 1609.344;
const DAY_MS = 86_400_000;

/** A filter value as a Meilisearch string literal. */
const lit = (v: string): string => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;

function meiliFilter(p: SearchParams): string[] {
  const f: string[] = [];
  if (p.status !== 'ALL') f.push(`status = ${lit(p.status)}`);
  if (p.state) f.push(`state = ${lit(p.state)}`);
  if (p.geo) f.push(`_geoRadius(${p.geo.lat}, ${p.geo.lon}, ${Math.round(p.geo.radius * METERS_PER_MILE)})`);
  if (p.entityType) f.push(`entity_type = ${lit(p.entityType)}`);
  if (p.cargo !== null) f.push(`cargo = ${lit(p.cargo)}`);
  if (p.city !== null) f.push(`city = ${lit(p.city)}`);
  if (p.carrierOperation !== null) f.push(`carrier_operation = ${lit(p.carrierOperation)}`);
  if (p.officer !== null) f.push(`officers CONTAINS ${lit(p.officer)}`);
  if (p.phone !== null) f.push(`phone = ${lit(p.phone)}`);
  if (p.email !== null) f.push(`email = ${lit(p.email)}`);
  if (p.mcNumber !== null) f.push(`mc_number = ${lit(p.mcNumber)}`);
  if (p.fleetMin !== null) f.push(`power_units >= ${p.fleetMin}`);
  if (p.fleetMax !== null) f.push(`power_units <= ${p.fleetMax}`);
  if (p.authoritySince !== null) f.push(`auth_since <= ${Math.floor(Date.parse(p.authoritySince) / DAY_MS)}`);
  return f;
}

function meiliSort(p: SearchParams): string[] | undefined {
  const geo = p.geo ? `_geoPoint(${p.geo.lat}, ${p.geo.lon})` : '';
  const sorts: Record<SortKey, string[]> = {
    name_asc: ['legal_name:asc', 'id:asc'],
    name_desc: ['legal_name:desc', 'id:asc'],
    dot_asc: ['id:asc'],
    dot_desc: ['id:desc'],
    fleet_asc: ['power_units:asc', 'id:asc'],
    fleet_desc: ['power_units:desc', 'id:asc'],
    distance_asc: [`${geo}:asc`, 'id:asc'],
    distance_desc: [`${geo}:desc`, 'id:asc'],
  };
  if (p.sort) return sorts[p.sort];
  if (p.geo) return sorts.distance_asc;
  // Text searches without a sort: relevance.
  return p.words ? undefined : sorts.name_asc;
}

export class MeiliSearch implements SearchBackend {
  readonly name = 'meilisearch' as const;
  private readonly client: Client;

  constructor(
    config: Config,
    private readonly pool: Pool,
  ) {
    this.client = meiliClient(config);
  }

  async search(p: SearchParams): Promise<SearchResult> {
    // A query without letters or digits has no word to match (as in PostgreSQL).
    if (p.words?.length === 0) return { rows: [], total: 0 };
    const res = await this.client.index<CarrierDocument>(MEILI_INDEX).search(p.words?.join(' ') ?? '', {
      filter: meiliFilter(p),
      sort: meiliSort(p),
      page: p.page,
      hitsPerPage: p.perPage,
      matchingStrategy: 'all',
      attributesToRetrieve: ['id'],
    });
    return { rows: await fetchRows(this.pool, res.hits.map((h) => h.id), p.geo), total: res.totalHits };
  }
}
