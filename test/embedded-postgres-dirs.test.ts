/**
 * Started as root, the embedded PostgreSQL runs as the `postgres` OS user, which must enter every
 * parent of its data directory and of its binaries: untraversableParent names the first it cannot.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { untraversableParent } from '../lib/embedded-postgres.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-dirs-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('untraversableParent', () => {
  it('names the nearest parent others cannot enter, and none when every parent is open', () => {
    const closed = path.join(root, 'private');
    const target = path.join(closed, 'checkout', 'node_modules', 'bin', 'initdb');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.chmodSync(root, 0o755);
    fs.chmodSync(closed, 0o700);
    expect(untraversableParent(target)).toBe(closed);
    fs.chmodSync(closed, 0o711);
    expect(untraversableParent(target)).toBeNull();
  });
});
