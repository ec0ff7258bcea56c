/**
 * The checks a downloaded file passes before it is renamed from `.part`: not a web page, its
 * header names the columns the metadata lists, and as many rows as the portal counts. Read back
 * from disk, so what is checked and hashed is what the pipeline will read.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { splitCsvLine } from '../csv-lines.ts';
import { headerText, looksLikeHtml, RecordCounter } from './csv-records.ts';
import { ColumnsChangedError, ContentError } from './errors.ts';

export interface FileFacts {
  bytes: number;
  /** Data rows: records after the header. */
  rows: number;
  sha256: string;
  header: string[];
  html: boolean;
}

export async function inspectFile(file: string): Promise<FileFacts> {
  const hash = crypto.createHash('sha256');
  const counter = new RecordCounter();
  let head = Buffer.alloc(0);
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    const buf = chunk as Buffer;
    hash.update(buf);
    counter.push(buf);
    if (head.length < 1 << 16) head = Buffer.concat([head, buf.subarray(0, (1 << 16) - head.length)]);
    bytes += buf.length;
  }
  const nl = head.indexOf(0x0a);
  return {
    bytes,
    rows: Math.max(0, counter.total - 1),
    sha256: hash.digest('hex'),
    header: splitCsvLine(headerText(nl === -1 ? head : head.subarray(0, nl + 1))),
    html: looksLikeHtml(head),
  };
}

const norm = (s: string) => s.trim().toLowerCase();

export function checkFile(id: string, facts: FileFacts, expected: { columns: string[]; rows: number }): void {
  if (facts.html) throw new ContentError(`${id}: the file is an HTML page, not CSV`);
  const missing = expected.columns.filter((c) => !facts.header.some((h) => norm(h) === norm(c)));
  const extra = facts.header.filter((h) => !expected.columns.some((c) => norm(h) === norm(c)));
  if (missing.length || extra.length) {
    const parts = [missing.length ? `missing ${missing.join(', ')}` : '', extra.length ? `not in the metadata ${extra.join(', ')}` : ''].filter(Boolean);
    throw new ColumnsChangedError(`${id}: the file's header differs from the dataset's metadata: ${parts.join('; ')}`);
  }
  if (facts.rows !== expected.rows) throw new ContentError(`${id}: ${facts.rows} rows downloaded, the portal counts ${expected.rows}`);
}
