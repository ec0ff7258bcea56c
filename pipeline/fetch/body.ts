/**
 * Writing a response body into a file at a given position, with the checks that can be made
 * while it streams: a CSV content type, not a web page. A failed attempt leaves bytes past the
 * position it started from; the caller writes over them or truncates.
 */
import type { FileHandle } from 'node:fs/promises';
import { looksLikeHtml } from './csv-records.ts';
import { TransientError } from './errors.ts';

/** The portal's CSV is text/csv; an HTML or JSON error page is a failed attempt, retried. */
export function checkCsvResponse(res: Response, url: string): void {
  const type = res.headers.get('content-type') ?? '';
  if (!/\bcsv\b/i.test(type)) throw new TransientError(`${url}: ${type || 'no content type'}, not CSV${/html/i.test(type) ? ' (an HTML page with status 200)' : ''}`);
}

/** Throws when the first bytes of a body are markup rather than CSV. */
export function checkNotHtml(head: Buffer, url: string): void {
  if (looksLikeHtml(head)) throw new TransientError(`${url}: an HTML page with status 200, not CSV`);
}

/** Writes `buf` at `position`; returns the position after it. */
export async function writeAt(fh: FileHandle, buf: Buffer, position: number): Promise<number> {
  let done = 0;
  while (done < buf.length) {
    const { bytesWritten } = await fh.write(buf, done, buf.length - done, position + done);
    done += bytesWritten;
  }
  return position + buf.length;
}
