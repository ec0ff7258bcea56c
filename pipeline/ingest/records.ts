/**
 * Where records are in a file: the physical line on which a record starts and its raw text, for
 * the quarantine. Records are counted as DuckDB's CSV reader counts them (1 = the first line, the
 * header included; a quoted line break continues a record), so its reject table's record numbers
 * and the numbers derived from a numbered scan both point here.
 */
import fs from 'node:fs';

export interface RecordAt {
  line: number;
  text: string;
}

/** The raw text is kept up to this many characters (a runaway quote can swallow a whole file). */
const MAX_TEXT = 4096;

/** The records `wanted` (record numbers) of `file`: start line and text (without its line end). */
export async function recordsAt(file: string, wanted: Iterable<number>): Promise<Map<number, RecordAt>> {
  const want = new Set(wanted);
  const out = new Map<number, RecordAt>();
  if (want.size === 0) return out;
  const last = Math.max(...want);
  let line = 1;
  let rec = 1;
  let quoted = false;
  let current: number[] | null = want.has(1) ? [] : null;
  let startLine = 1;
  const finish = () => {
    if (current) {
      let text = Buffer.from(current).toString('utf8');
      if (text.endsWith('\r')) text = text.slice(0, -1);
      out.set(rec, { line: startLine, text });
    }
  };
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    const buf = chunk as Buffer;
    for (let i = 0; i < buf.length; i++) {
      const b = buf[i];
      if (b === 0x0a) {
        line++;
        if (!quoted) {
          finish();
          rec++;
          if (rec > last) return out;
          startLine = line;
          current = want.has(rec) ? [] : null;
          continue;
        }
      } else if (b === 0x22) quoted = !quoted;
      if (current && current.length < MAX_TEXT) current.push(b);
    }
  }
  if (current && current.length > 0) finish();
  return out;
}

/**
 * Record numbers (as above) of the k-th records a scan accepted (1-based, in file order), given
 * the record numbers the scan rejected and whether the file has a header record.
 */
export function acceptedRecordNumbers(accepted: number[], rejected: number[], header: boolean): number[] {
  const skip = [...rejected].sort((a, b) => a - b);
  return accepted.map((k) => {
    let r = k + (header ? 1 : 0);
    for (const s of skip) if (s <= r) r++;
    return r;
  });
}
