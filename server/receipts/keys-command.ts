/**
 * `npm run receipts -- <command>`: the signing keys of vetting receipts (server/receipts/signing-keys.ts).
 *
 *   keys          every key, current first: kid, created, retired
 *   rotate-key    retire the current key and sign new receipts with a new one; the retired key
 *                 stays published at /.well-known/jwks.json, so receipts it signed still verify
 */
import type { Pool } from '../../lib/postgres.ts';
import { publishedKeys, rotateSigningKey } from './signing-keys.ts';

const USAGE = `usage:
  npm run receipts -- keys
  npm run receipts -- rotate-key`;

/** Runs one command; returns the exit code. Lines go to `out`. */
export async function receiptsCommand(
  args: string[],
  env: { pool: Pool; secret: () => Buffer; now: Date; out: (line: string) => void },
): Promise<number> {
  const [command, ...rest] = args;
  if (rest.length > 0 || (command !== 'keys' && command !== 'rotate-key')) {
    env.out(USAGE);
    return 2;
  }
  if (command === 'rotate-key') {
    const { kid, retired } = await rotateSigningKey(env.pool, env.secret(), env.now);
    env.out(retired.length ? `retired ${retired.join(', ')} (still published)` : 'no key was current');
    env.out(`current ${kid}`);
    return 0;
  }
  const keys = await publishedKeys(env.pool);
  if (keys.length === 0) env.out('no signing key yet (the first receipt makes one)');
  for (const k of keys) {
    env.out(`${k.retired_at ? 'retired' : 'current'}  ${k.kid}  created ${k.created_at.toISOString()}${k.retired_at ? `  retired ${k.retired_at.toISOString()}` : ''}`);
  }
  return 0;
}
