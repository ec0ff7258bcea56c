/**
 * The SQL files under sql/, read once: PostgreSQL's statements (run through lib/postgres.ts) and
 * the pipeline's DuckDB SQL (sql/duckdb, filled by pipeline/duck.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './config.ts';

const sqlCache = new Map<string, string>();

/** The text of `sql/<name>.sql`, read once. */
export function sql(name: string): string {
  let text = sqlCache.get(name);
  if (text === undefined) {
    text = fs.readFileSync(path.join(ROOT, 'sql', `${name}.sql`), 'utf8');
    sqlCache.set(name, text);
  }
  return text;
}

/**
 * `sql/<name>.sql` with its {{placeholders}} filled: for statements that take no parameters (COPY,
 * the pipeline's DuckDB SQL). The values are put in as they are: the caller makes them safe
 * identifiers, numbers and literals.
 */
export function sqlWith(name: string, vars: Record<string, string | number>): string {
  return sql(name).replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const v = vars[key];
    if (v === undefined) throw new Error(`sql/${name}.sql: no value for {{${key}}}`);
    return String(v);
  });
}
