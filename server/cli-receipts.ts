/** `npm run receipts -- <command>`: receipt signing keys (server/receipts/keys-command.ts). */
import { config } from '../lib/config.ts';
import { openDatabase } from '../lib/open-database.ts';
import { serverSecret } from '../lib/secrets.ts';
import { receiptsCommand } from './receipts/keys-command.ts';

const db = await openDatabase(config, 1);
try {
  process.exitCode = await receiptsCommand(process.argv.slice(2), {
    pool: db.pool,
    secret: () => serverSecret(config),
    now: new Date(),
    out: (line) => process.stdout.write(`${line}\n`),
  });
} finally {
  await db.close();
}
