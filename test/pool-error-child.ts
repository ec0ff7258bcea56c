/**
 * Child process of test/pool-errors.test.ts: a pool of lib/postgres.ts on DATABASE_URL with one
 * idle connection. It prints that connection's backend pid (`PID <n>`); once the test has ended
 * the backend and the pool has dropped the connection, it queries on a new one, prints
 * `ALIVE <result>` and exits 0. A pool error nobody handles would end the process first.
 */
import { config } from '../lib/config.ts';
import { createPool } from '../lib/postgres.ts';

const pool = createPool(config.databaseUrl, 1);
const client = await pool.connect();
const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
client.release();
process.stdout.write(`PID ${rows[0].pid}\n`);
// The pool removes a client when it reports an error (here: the backend ended by the test).
while (pool.totalCount > 0) await new Promise((resolve) => setTimeout(resolve, 20));
const again = await pool.query<{ one: number }>('SELECT 1 AS one');
process.stdout.write(`ALIVE ${again.rows[0].one}\n`);
await pool.end();
