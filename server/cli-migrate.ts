/** `npm run migrate`: applies the migrations in sql/migrations and exits. */
import { config } from '../lib/config.ts';
import { openDatabase } from '../lib/open-database.ts';

const db = await openDatabase(config, 1);
process.stdout.write('migrations applied\n');
await db.close();
