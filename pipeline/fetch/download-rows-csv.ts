/**
 * A small dataset in one request: /api/views/{id}/rows.csv?accessType=DOWNLOAD (header: display
 * names). A dropped stream restarts the file: rows.csv cannot be resumed part-way.
 */
import fsp from 'node:fs/promises';
import { checkCsvResponse, checkNotHtml, writeAt } from './body.ts';
import { RecordCounter } from './csv-records.ts';
import type { DownloadContext, Downloaded } from './download.ts';
import { bodyChunks, request } from './http.ts';
import { withRetry } from './retry.ts';
import { rowsCsvUrl } from './urls.ts';

export async function downloadRowsCsv(ctx: DownloadContext, id: string, file: string): Promise<Downloaded> {
  const url = rowsCsvUrl(ctx.client, id);
  const fh = await fsp.open(file, 'w');
  try {
    const got = await withRetry(
      url,
      async () => {
        let position = 0;
        ctx.progress.update(0, 0);
        const res = await request(ctx.client, url);
        checkCsvResponse(res, url);
        const counter = new RecordCounter();
        for await (const chunk of bodyChunks(res, url)) {
          if (position === 0) checkNotHtml(chunk, url);
          position = await writeAt(fh, chunk, position);
          counter.push(chunk);
          ctx.progress.update(Math.max(0, counter.records - 1), position);
        }
        return { bytes: position, rows: Math.max(0, counter.total - 1), etag: res.headers.get('etag') };
      },
      ctx.retry,
      ctx.log,
      ctx.events,
    );
    // A failed longer attempt may have left bytes past the end of the good one.
    await fh.truncate(got.bytes);
    return { url, ...got };
  } finally {
    await fh.close();
  }
}
