/**
 * `npm run schema:dump` writes sql/schema.sql: the schema that sql/migrations builds, so that
 * every schema change shows up in review as a diff of one file. `npm run check:schema-fresh`
 * (this script with --check) writes nothing and fails when the committed file differs from what
 * the migrations build now; CI runs it (.ci/run), as it checks the generated types.
 *
 * It starts a fresh embedded PostgreSQL in a temp dir (lib/embedded-postgres.ts), applies the
 * migrations (lib/migrate.ts) and reads the schema back from the catalog with PostgreSQL's own
 * deparsers (pg_get_functiondef, pg_get_viewdef, pg_get_constraintdef, pg_get_indexdef,
 * pg_get_triggerdef), with an empty search_path so every name comes out schema-qualified. Not
 * pg_dump: embedded-postgres ships postgres, initdb and pg_ctl only, and a system pg_dump of an
 * older major version (Debian 12's is 15) refuses a PostgreSQL 18 server. The output is the same
 * on every run: no versions, dates or OIDs, every list in a fixed order (views after the views
 * they read).
 *
 * What it writes: extensions, schemas, functions, sequences, tables (columns, defaults,
 * identity, collations, keys and checks, storage options), foreign keys, views, indexes,
 * triggers. Not: postgrator's own `schemaversion` table, owners, grants, and the migrations'
 * comments. A kind of object it does not write (a type, a rule, a policy, a COMMENT ON, a
 * partitioned or foreign table ...) stops it with the object's name rather than leaving it out.
 *
 * @example
 *   npm run schema:dump           # rewrite sql/schema.sql after adding a migration
 *   npm run check:schema-fresh    # what CI runs
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from '../lib/config.ts';
import { ensureDatabase } from '../lib/open-database.ts';
import { startEmbeddedPostgres } from '../lib/embedded-postgres.ts';
import { migrate } from '../lib/migrate.ts';

const TARGET = path.join(ROOT, 'sql', 'schema.sql');
const DATABASE = 'schema_dump';

/** The schemas the migrations own: every one but PostgreSQL's own. */
const OURS = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_(toast|temp_|toast_temp_)'`;
/** Not created by an extension (pg_trgm's and btree_gin's functions and operators). */
const notFromExtension = (catalog: string, oid: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend e WHERE e.classid = '${catalog}'::regclass AND e.objid = ${oid} AND e.deptype = 'e')`;
/** The relations to write: ours, not an extension's, not postgrator's bookkeeping. */
const OUR_RELATIONS = `${OURS} AND ${notFromExtension('pg_class', 'c.oid')} AND NOT (n.nspname = 'public' AND c.relname = 'schemaversion')`;

const HEADER = `-- GENERATED FILE: DO NOT EDIT. The schema sql/migrations builds, read back from a fresh
-- PostgreSQL by scripts/dump-schema.ts. Regenerate with \`npm run schema:dump\`; CI fails when it is
-- stale (\`npm run check:schema-fresh\`).

SET check_function_bodies = false;
`;

type Row = Record<string, any>;

/** A loopback port for the server: below Linux's ephemeral range and below the tests' (20000-29999). */
async function freePort(): Promise<number> {
  for (let i = 0; i < 20; i++) {
    const port = 15000 + Math.floor(Math.random() * 5000);
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 15000-19999');
}

/** Kinds of object this dump does not write: each found stops it. */
async function refuseUnwritten(db: pg.Client): Promise<void> {
  const checks: [string, string][] = [
    ['relation of a kind not written', `SELECT c.oid::regclass::text || ' (relkind ' || c.relkind::text || ')' FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${OUR_RELATIONS} AND c.relkind NOT IN ('r', 'v', 'm', 'S', 'i')`],
    ['type', `SELECT t.oid::regtype::text FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE ${OURS} AND ${notFromExtension('pg_type', 't.oid')} AND (t.typtype IN ('e', 'd', 'r', 'm') OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))`],
    ['rule', `SELECT r.rulename || ' on ' || c.oid::regclass::text FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${OUR_RELATIONS} AND r.rulename <> '_RETURN'`],
    ['row-level security', `SELECT c.oid::regclass::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${OUR_RELATIONS} AND (c.relrowsecurity OR EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid))`],
    ['inheritance', `SELECT i.inhrelid::regclass::text FROM pg_inherits i`],
    ['extended statistics', `SELECT s.stxname FROM pg_statistic_ext s JOIN pg_namespace n ON n.oid = s.stxnamespace WHERE ${OURS}`],
    ['COMMENT ON', `SELECT coalesce((SELECT c.oid::regclass::text FROM pg_class c WHERE c.oid = d.objoid), d.objoid::regprocedure::text) FROM pg_description d WHERE (d.classoid = 'pg_class'::regclass AND EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = d.objoid AND ${OUR_RELATIONS})) OR (d.classoid = 'pg_proc'::regclass AND EXISTS (SELECT 1 FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE p.oid = d.objoid AND ${OURS} AND ${notFromExtension('pg_proc', 'p.oid')}))`],
  ];
  for (const [kind, text] of checks) {
    const { rows } = await db.query({ text, rowMode: 'array' });
    if (rows.length) throw new Error(`scripts/dump-schema.ts does not write ${kind}: ${rows.map((r) => r[0]).join(', ')}; teach it to`);
  }
}

/** The views in an order that creates each after the views it reads; otherwise by name. */
function inDependencyOrder(views: Row[], deps: Row[]): Row[] {
  const needs = new Map<string, Set<string>>(views.map((v) => [v.name, new Set<string>()]));
  for (const d of deps) if (needs.has(d.dep)) needs.get(d.view)?.add(d.dep);
  const done = new Set<string>();
  const out: Row[] = [];
  while (out.length < views.length) {
    const next = views.find((v) => !done.has(v.name) && [...needs.get(v.name)!].every((d) => done.has(d)));
    if (!next) throw new Error('views that read each other in a circle');
    done.add(next.name);
    out.push(next);
  }
  return out;
}

/** Code-point order, as the database's C collation sorts: the same on every machine. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const statement = (text: string) => `${text.trim().replace(/;$/, '')};`;

async function dump(db: pg.Client): Promise<string> {
  await db.query(`SELECT pg_catalog.set_config('search_path', '', false)`);
  await refuseUnwritten(db);
  const q = async (text: string) => (await db.query(text)).rows as Row[];
  const sections: [string, string[]][] = [];

  const extensions = await q(`SELECT extname, extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname <> 'plpgsql' ORDER BY extname`);
  sections.push(['Extensions', extensions.map((e) => `CREATE EXTENSION IF NOT EXISTS ${e.extname} WITH SCHEMA ${e.schema};`)]);

  const schemas = await q(`SELECT quote_ident(n.nspname) AS name FROM pg_namespace n WHERE ${OURS} AND n.nspname <> 'public' ORDER BY 1`);
  sections.push(['Schemas', schemas.map((s) => `CREATE SCHEMA ${s.name};`)]);

  const functions = await q(`
    SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE ${OURS} AND ${notFromExtension('pg_proc', 'p.oid')} AND p.prokind IN ('f', 'p')
    ORDER BY n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)`);
  sections.push(['Functions', functions.map((f) => statement(f.def))]);

  // Sequences of serial columns; an identity column's sequence is part of its column.
  const sequences = await q(`
    SELECT c.oid::regclass::text AS name, format_type(s.seqtypid, NULL) AS type, s.seqcycle,
           -- As text: lib/postgres.ts parses bigint as a JS number, which cannot hold 2^63 - 1.
           s.seqstart::text, s.seqincrement::text, s.seqmin::text, s.seqmax::text, s.seqcache::text,
           (SELECT d.refobjid::regclass::text || '.' || quote_ident(a.attname) FROM pg_depend d
              JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
             WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.refclassid = 'pg_class'::regclass AND d.deptype = 'a') AS owned_by
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_sequence s ON s.seqrelid = c.oid
    WHERE ${OUR_RELATIONS} AND c.relkind = 'S'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'i')
    ORDER BY 1`);
  sections.push([
    'Sequences',
    sequences.map(
      (s) =>
        `CREATE SEQUENCE ${s.name} AS ${s.type} START WITH ${s.seqstart} INCREMENT BY ${s.seqincrement} ` +
        `MINVALUE ${s.seqmin} MAXVALUE ${s.seqmax} CACHE ${s.seqcache}${s.seqcycle ? ' CYCLE' : ''};`,
    ),
  ]);

  const tables = await q(`
    SELECT c.oid, c.oid::regclass::text AS name, c.relpersistence = 'u' AS unlogged, c.reloptions
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${OUR_RELATIONS} AND c.relkind = 'r' ORDER BY 2`);
  const columns = await q(`
    SELECT a.attrelid AS table, quote_ident(a.attname) AS name, format_type(a.atttypid, a.atttypmod) AS type,
           CASE WHEN a.attcollation <> 0 AND a.attcollation <> t.typcollation THEN
             CASE WHEN co.collnamespace = 'pg_catalog'::regnamespace THEN quote_ident(co.collname)
                  ELSE co.collnamespace::regnamespace::text || '.' || quote_ident(co.collname) END END AS collation,
           a.attidentity AS identity, a.attgenerated AS generated, pg_get_expr(ad.adbin, ad.adrelid) AS expr, a.attnotnull AS notnull
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_type t ON t.oid = a.atttypid
    LEFT JOIN pg_collation co ON co.oid = a.attcollation
    LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
    WHERE ${OUR_RELATIONS} AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
    ORDER BY a.attrelid, a.attnum`);
  // Keys, unique, exclusion and check constraints with their table; NOT NULL is written with its
  // column (PostgreSQL 18 also lists it here as contype 'n'); foreign keys after every table.
  const constraints = await q(`
    SELECT co.conrelid AS table, co.contype, quote_ident(co.conname) AS name, pg_get_constraintdef(co.oid, true) AS def
    FROM pg_constraint co JOIN pg_class c ON c.oid = co.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE ${OUR_RELATIONS} AND co.contype IN ('p', 'u', 'x', 'c', 'f')
    ORDER BY array_position(ARRAY['p', 'u', 'x', 'c', 'f']::"char"[], co.contype), co.conname`);
  const tableText = tables.map((t) => {
    const cols = columns
      .filter((c) => c.table === t.oid)
      .map((c) => {
        let line = `    ${c.name} ${c.type}`;
        if (c.collation) line += ` COLLATE ${c.collation}`;
        if (c.generated === 's') line += ` GENERATED ALWAYS AS (${c.expr}) STORED`;
        else if (c.generated === 'v') line += ` GENERATED ALWAYS AS (${c.expr}) VIRTUAL`;
        else if (c.expr !== null) line += ` DEFAULT ${c.expr}`;
        if (c.identity === 'a') line += ' GENERATED ALWAYS AS IDENTITY';
        if (c.identity === 'd') line += ' GENERATED BY DEFAULT AS IDENTITY';
        if (c.notnull) line += ' NOT NULL';
        return line;
      });
    const cons = constraints.filter((c) => c.table === t.oid && c.contype !== 'f').map((c) => `    CONSTRAINT ${c.name} ${c.def}`);
    const options = t.reloptions?.length ? ` WITH (${t.reloptions.join(', ')})` : '';
    return `CREATE ${t.unlogged ? 'UNLOGGED ' : ''}TABLE ${t.name} (\n${[...cols, ...cons].join(',\n')}\n)${options};`;
  });
  sections.push(['Tables', tableText]);
  const tableName = new Map(tables.map((t) => [t.oid, t.name]));
  sections.push(['Sequences owned by serial columns', sequences.filter((s) => s.owned_by).map((s) => `ALTER SEQUENCE ${s.name} OWNED BY ${s.owned_by};`)]);
  sections.push([
    'Foreign keys',
    constraints
      .filter((c) => c.contype === 'f')
      .sort((a, b) => byText(tableName.get(a.table)!, tableName.get(b.table)!) || byText(a.name, b.name))
      .map((c) => `ALTER TABLE ONLY ${tableName.get(c.table)} ADD CONSTRAINT ${c.name} ${c.def};`),
  ]);

  const views = await q(`
    SELECT c.oid::regclass::text AS name, c.relkind = 'm' AS materialized, c.reloptions, pg_get_viewdef(c.oid, true) AS def
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${OUR_RELATIONS} AND c.relkind IN ('v', 'm') ORDER BY 1`);
  const viewDeps = await q(`
    SELECT DISTINCT v.oid::regclass::text AS view, d.refobjid::regclass::text AS dep
    FROM pg_class v JOIN pg_rewrite r ON r.ev_class = v.oid
    JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid AND d.refclassid = 'pg_class'::regclass
    WHERE v.relkind IN ('v', 'm') AND d.refobjid <> v.oid`);
  sections.push([
    'Views',
    inDependencyOrder(views, viewDeps).map((v) => {
      const options = v.reloptions?.length ? ` WITH (${v.reloptions.join(', ')})` : '';
      const def = v.def.trim().replace(/;$/, '');
      return `CREATE ${v.materialized ? 'MATERIALIZED ' : ''}VIEW ${v.name}${options} AS\n ${def}${v.materialized ? '\n  WITH NO DATA' : ''};`;
    }),
  ]);

  // Indexes not made by a key, unique or exclusion constraint (those come with their table).
  const indexes = await q(`
    SELECT pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE ${OUR_RELATIONS} AND NOT EXISTS (SELECT 1 FROM pg_constraint co WHERE co.conindid = i.indexrelid AND co.contype IN ('p', 'u', 'x'))
    ORDER BY i.indrelid::regclass::text, c.relname`);
  sections.push(['Indexes', indexes.map((i) => statement(i.def))]);

  const triggers = await q(`
    SELECT pg_get_triggerdef(t.oid, true) AS def FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE ${OUR_RELATIONS} AND NOT t.tgisinternal ORDER BY t.tgrelid::regclass::text, t.tgname`);
  sections.push(['Triggers', triggers.map((t) => statement(t.def))]);

  const body = sections
    .filter(([, items]) => items.length)
    .map(([title, items]) => `-- ${title}\n\n${items.join('\n\n')}\n`)
    .join('\n');
  return `${HEADER}\n${body}`;
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-dump-'));
  // The postgres OS user (when run as root) must traverse the data dir's parents.
  fs.chmodSync(tmp, 0o755);
  const server = await startEmbeddedPostgres({ dir: path.join(tmp, 'pg'), port: await freePort() });
  let text: string;
  try {
    await ensureDatabase(server.url(), DATABASE);
    await migrate(server.url(DATABASE));
    const db = new pg.Client({ connectionString: server.url(DATABASE) });
    await db.connect();
    try {
      text = await dump(db);
    } finally {
      await db.end();
    }
  } finally {
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const rel = path.relative(ROOT, TARGET);
  if (check) {
    const current = fs.existsSync(TARGET) ? fs.readFileSync(TARGET, 'utf8') : '';
    if (current !== text) {
      process.stderr.write(`${rel} is stale: the migrations build another schema. Run \`npm run schema:dump\` and commit the result\n`);
      process.exit(1);
    }
    process.stdout.write(`${rel} is fresh\n`);
  } else {
    fs.writeFileSync(TARGET, text);
    process.stdout.write(`wrote ${rel}\n`);
  }
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
});
