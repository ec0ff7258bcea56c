/**
 * Small CSV helpers for the rare paths that need exact positions (layout detection, error
 * lines). The bulk parsing is DuckDB's; these only read the first line or count records.
 */
import { isUtf8 } from 'node:buffer';
import fs from 'node:fs';

/** Splits one CSV record (RFC 4180 quoting, `""` inside quotes) into fields. */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(cur);
      cur = '';
    } else cur += ch;
  }
  fields.push(cur);
  return fields;
}

/** The first `count` lines of a file (without BOM or line ends); [] for an empty file. */
export function readFirstLines(file: string, count: number, maxBytes = 1 << 20): string[] {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(maxBytes);
    const n = fs.readSync(fd, buf, 0, maxBytes, 0);
    let text = buf.subarray(0, n).toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const lines = text.split(/\r?\n/);
    // The last piece is a whole line only when the read reached the end of the file.
    if (n === maxBytes && lines.length > 1) lines.pop();
    return lines.slice(0, count).filter((l, i) => i === 0 || l !== '');
  } finally {
    fs.closeSync(fd);
  }
}

/** The first line of a file (without BOM or line end); '' for an empty file. */
export const readFirstLine = (file: string): string => readFirstLines(file, 1)[0] ?? '';

/**
 * Whether a file is valid UTF-8 (checked natively, chunk by chunk; a multi-byte character cut by
 * a chunk boundary is carried into the next chunk).
 */
export async function isUtf8File(file: string): Promise<boolean> {
  let carry = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 4 << 20 })) {
    const buf = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    // Back up over continuation bytes (10xxxxxx) to the start of the last character.
    let end = buf.length;
    let k = end - 1;
    while (k >= 0 && end - k <= 4 && (buf[k] & 0xc0) === 0x80) k--;
    if (k >= 0 && buf[k] >= 0xc0) end = k;
    if (!isUtf8(buf.subarray(0, end))) return false;
    carry = Buffer.from(buf.subarray(end));
  }
  return carry.length === 0 || isUtf8(carry);
}
