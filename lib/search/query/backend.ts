/** The search backend of a server: Meilisearch when MEILI_URL is set, PostgreSQL otherwise. */
import type { Config } from '../../config.ts';
import type { Pool } from '../../postgres.ts';
import { MeiliSearch } from './meilisearch.ts';
import { PostgresSearch } from './postgres.ts';
import type { SearchBackend } from '../contract.ts';

export function createSearchBackend(config: Config, pool: Pool): SearchBackend {
  return config.meiliUrl ? new MeiliSearch(config, pool) : new PostgresSearch(pool);
}
