/** Rows as raw bytes through COPY (FORMAT binary) (lib/binary-copy.ts), as bulk-by-MC reads them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyOutRows, digitsArrayLiteral, parseBinaryCopy } from '../lib/binary-copy.ts';
import { freshDatabase, type TestDatabase } from './helpers/db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describe('copyOutRows', () => {
  it('gives every field as the UTF-8 bytes PostgreSQL holds, NULL as null, in row order', async () => {
    const rows = await copyOutRows(
      db.pool,
      `SELECT * FROM (VALUES (1, 'ÑANDÚ "Trucking" \\ Co', NULL::text, ''), (2, repeat('é', 200000), 'x', '{"a":[1]}')) v(n, a, b, c) ORDER BY n`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0][0]!.readInt32BE(0)).toBe(1); // int4 in binary: 4 bytes, big-endian
    expect(rows[0][1]!.toString('utf8')).toBe('ÑANDÚ "Trucking" \\ Co');
    expect(rows[0][2]).toBeNull();
    expect(rows[0][3]!.length).toBe(0);
    // 400,000 bytes: more than one socket read and one CopyData message's worth.
    expect(rows[1][1]!.equals(Buffer.from('é'.repeat(200000)))).toBe(true);
    expect(rows[1][3]!.toString()).toBe('{"a":[1]}');
  });

  it('gives no rows for an empty result, and the query error for a failed one, leaving the pool usable', async () => {
    expect(await copyOutRows(db.pool, 'SELECT 1 WHERE false')).toEqual([]);
    await expect(copyOutRows(db.pool, 'SELECT no_such_column FROM pg_class')).rejects.toThrow(/no_such_column/);
    await expect(copyOutRows(db.pool, 'SELECT 1 / 0')).rejects.toThrow(/division by zero/);
    // Every client went back to the pool (the failed ones discarded): more reads than the pool's size still work.
    const many = await Promise.all(Array.from({ length: 25 }, (_, i) => copyOutRows(db.pool, `SELECT ${i}::text`)));
    expect(many.map((r) => r[0][0]!.toString())).toEqual(Array.from({ length: 25 }, (_, i) => String(i)));
    expect(db.pool.totalCount).toBeLessThanOrEqual(10);
  });
});

describe('parseBinaryCopy', () => {
  const header = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
  const field = (s: string) => {
    const b = Buffer.from(s);
    const len = Buffer.alloc(4);
    len.writeInt32BE(b.length);
    return Buffer.concat([len, b]);
  };
  const count = (n: number) => {
    const b = Buffer.alloc(2);
    b.writeInt16BE(n);
    return b;
  };
  const whole = Buffer.concat([header, count(2), field('ab'), field('ç'), count(-1)]);

  it('reads a well-formed stream', () => {
    expect(parseBinaryCopy(whole).map((r) => r.map((f) => f!.toString()))).toEqual([['ab', 'ç']]);
  });

  it('refuses output that is not a binary COPY, truncated or followed by more bytes', () => {
    expect(() => parseBinaryCopy(Buffer.from('1\tab\n'))).toThrow(/no PGCOPY header/);
    expect(() => parseBinaryCopy(whole.subarray(0, whole.length - 3))).toThrow(/truncated/);
    expect(() => parseBinaryCopy(whole.subarray(0, header.length + 2 + 4 + 1))).toThrow(/truncated/);
    expect(() => parseBinaryCopy(Buffer.concat([whole, Buffer.from('x')]))).toThrow(/1 bytes after the trailer/);
  });
});

describe('digitsArrayLiteral', () => {
  it('puts digit strings into a text[] literal and refuses anything else', () => {
    expect(digitsArrayLiteral(['12', '0045'])).toBe("'{12,0045}'::text[]");
    expect(digitsArrayLiteral([])).toBe("'{}'::text[]");
    for (const bad of ["1'; DROP TABLE carriers; --", '1,2', '', ' 1', 'MC1']) {
      expect(() => digitsArrayLiteral([bad])).toThrow(/not a string of digits/);
    }
  });
});
