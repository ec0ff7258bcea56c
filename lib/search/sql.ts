/**
 * The SQL of lib/search/sql/, read once: the query side's statements (query/), PostgreSQL's half
 * of the build (apply/), DuckDB's (derive/) and the Meilisearch indexer's (meili/).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../config.ts';

const DIR = path.join(ROOT, 'lib', 'search', 'sql');
const cache = new Map<string, string>();

/** The text of lib/search/sql/<name>.sql. */
export function searchSql(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = fs.readFileSync(path.join(DIR, `${name}.sql`), 'utf8');
    cache.set(name, text);
  }
  return text;
}

/**
 * searchSql with its {{placeholders}} filled, for text that takes no parameters (DuckDB's, a
 * merged walk's list positions). The values are put in as they are: the caller passes checked
 * identifiers, integers and literals only.
 */
export function searchSqlWith(name: string, vars: Record<string, string | number>): string {
  return searchSql(name).replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const v = vars[key];
    if (v === undefined) throw new Error(`lib/search/sql/${name}.sql: no value for {{${key}}}`);
    return String(v);
  });
}
