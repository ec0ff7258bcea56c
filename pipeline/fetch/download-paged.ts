/**
 * A large dataset page by page: /resource/{id}.csv?$order=:id&$limit=…&$offset=… (header: field
 * names). Multi-GB single streams drop mid-way on this portal; a dropped page is asked for
 * again from its own start, the pages before it are kept. The file gets one header line, the
 * first page's; every later page must repeat it exactly, or the set changed under us.
 */
import fsp from 'node:fs/promises';
import { checkCsvResponse, checkNotHtml, writeAt } from './body.ts';
import { headerText, RecordCounter } from './csv-records.ts';
import type { DownloadContext, Downloaded } from './download.ts';
import { ContentError } from './errors.ts';
import { bodyChunks, request } from './http.ts';
import { withRetry } from './retry.ts';
import { pageUrl } from './urls.ts';

const LF = 0x0a;
/** A header line longer than this is not a header (the census's 147 names take ~2.5 kB). */
const MAX_HEADER_BYTES = 1 << 20;
const NEWLINE = Buffer.from('\n');

interface Page {
  header: string;
  rows: number;
  end: number;
  etag: string | null;
}

export async function downloadPaged(ctx: DownloadContext, id: string, file: string): Promise<Downloaded> {
  const limit = ctx.pageRows;
  const fh = await fsp.open(file, 'w');
  let header: string | null = null;
  let position = 0;
  let rows = 0;
  let etag: string | null = null;
  try {
    for (let offset = 0; ; offset += limit) {
      const url = pageUrl(ctx.client, id, limit, offset);
      const start = position;
      const page = await withRetry(
        url,
        async (): Promise<Page> => {
          const res = await request(ctx.client, url);
          checkCsvResponse(res, url);
          let pos = start;
          let head: Buffer | null = Buffer.alloc(0);
          let pageHeader = '';
          const counter = new RecordCounter();
          for await (let chunk of bodyChunks(res, url)) {
            if (head) {
              head = Buffer.concat([head, chunk]);
              checkNotHtml(head, url);
              const nl = head.indexOf(LF);
              if (nl === -1) {
                if (head.length > MAX_HEADER_BYTES) throw new ContentError(`${url}: no header line in the first ${MAX_HEADER_BYTES} bytes`);
                continue;
              }
              pageHeader = headerText(head.subarray(0, nl + 1));
              if (header === null) pos = await writeAt(fh, head.subarray(0, nl + 1), pos);
              else if (pageHeader !== header) throw new ContentError(`${id}: the page at offset ${offset} has another header than the first page (${pageHeader.slice(0, 80)}…)`);
              chunk = head.subarray(nl + 1);
              head = null;
            }
            if (!chunk.length) continue;
            pos = await writeAt(fh, chunk, pos);
            counter.push(chunk);
            ctx.progress.update(rows + counter.records, pos);
          }
          if (head) {
            // A header without a line end and no rows: a page past the end.
            if (!head.length) throw new ContentError(`${url}: an empty body, not even a header`);
            pageHeader = headerText(head);
            if (header === null) pos = await writeAt(fh, Buffer.concat([head, NEWLINE]), pos);
            else if (pageHeader !== header) throw new ContentError(`${id}: the page at offset ${offset} has another header than the first page`);
          }
          // The next page is appended after this one: its last row needs its line end.
          if (counter.open) pos = await writeAt(fh, NEWLINE, pos);
          return { header: pageHeader, rows: counter.total, end: pos, etag: res.headers.get('etag') };
        },
        ctx.retry,
        ctx.log,
        ctx.events,
      );
      header ??= page.header;
      etag ??= page.etag;
      position = page.end;
      rows += page.rows;
      if (page.rows < limit) break;
    }
    await fh.truncate(position);
    return { url: pageUrl(ctx.client, id, limit, 0).replace(/&\$offset=0$/, ''), bytes: position, rows, etag };
  } finally {
    await fh.close();
  }
}
