/**
 * What the fetch does when the portal misbehaves (pipeline/fetch), each against a fresh fake
 * portal on loopback: the right outcome, and never a partial file in a day folder. Backoff is
 * milliseconds here (FAST_RETRY); every wait is on an answer, none on the clock.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentError, HttpStatusError, PortalUnreachableError, TransientError } from '../pipeline/fetch/errors.ts';
import { FetchEvents } from '../pipeline/fetch/events.ts';
import type { FakePortal } from './helpers/fake-portal.ts';
import { DATASETS, expectedFile, expectNoDayFolder, expectWholeFolder, FAST_RETRY, night, spec, startPortal, tempRoot } from './helpers/fetch-night.ts';

const DATE = '2026-11-20';

let portal: FakePortal;
let root: string;
let events: FetchEvents;
let retries: { what: string; error: string }[];

beforeEach(async () => {
  portal = await startPortal();
  root = tempRoot();
  events = new FetchEvents();
  retries = [];
  events.on('retry', (r) => retries.push(r));
});
afterEach(async () => {
  await portal.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The night succeeded and every file is the portal's whole set. */
function expectGoodNight(dir: string): void {
  expectWholeFolder(dir);
  for (const d of DATASETS) expect(fs.readFileSync(path.join(dir, `${d.id}.csv`), 'utf8'), d.id).toBe(expectedFile(portal, d));
}

describe('fetch: transient failures are retried', () => {
  it('429 then 200: waits (Retry-After, capped by the backoff) and succeeds', async () => {
    portal.fail('/api/views/inys-ebih/rows.csv', { kind: 'status', status: 429, retryAfter: '30' });
    const { result } = await night(portal, root, DATE, { events });
    expectGoodNight(result.dir);
    expect(portal.hits('/api/views/inys-ebih/rows.csv').map((r) => r.status)).toEqual([429, 200]);
    expect(retries).toEqual([{ what: `${portal.url}/api/views/inys-ebih/rows.csv?accessType=DOWNLOAD`, attempt: 1, error: expect.stringContaining('answered 429') }]);
  });

  it('a 500 twice on a page: that page is asked for again, the others once', async () => {
    portal.fail('/resource/az4n-8mr2.csv?$offset=2', { kind: 'status', status: 500 }, { kind: 'status', status: 503 });
    const { result } = await night(portal, root, DATE, { events });
    expectGoodNight(result.dir);
    const pages = portal.hits('/resource/az4n-8mr2.csv').map((r) => `${r.query.$offset}:${r.status}`);
    expect(pages).toEqual(['0:200', '2:500', '2:503', '2:200', '4:200']);
    expect(retries.map((r) => r.error)).toEqual([expect.stringContaining('answered 500'), expect.stringContaining('answered 503')]);
  });

  it('a 500 on the metadata and the row count is retried too', async () => {
    portal.fail('/api/views/wb4f-neki.json', { kind: 'status', status: 502 });
    portal.fail('/resource/wb4f-neki.json', { kind: 'status', status: 500 });
    const { result } = await night(portal, root, DATE, { events });
    expectGoodNight(result.dir);
    expect(retries).toHaveLength(2);
  });

  it('a stream cut mid-body: rows.csv starts the file again, a page is resumed from its start', async () => {
    portal.fail('/api/views/c5y8-a4uz/rows.csv', { kind: 'cut' });
    portal.fail('/resource/6eyk-hxee.csv?$offset=2', { kind: 'cut' });
    const { result } = await night(portal, root, DATE, { events });
    expectGoodNight(result.dir);
    expect(portal.hits('/api/views/c5y8-a4uz/rows.csv')).toHaveLength(2);
    expect(portal.hits('/resource/6eyk-hxee.csv').map((r) => r.query.$offset)).toEqual(['0', '2', '2']);
    expect(retries.map((r) => r.error)).toEqual([expect.stringContaining('the stream dropped'), expect.stringContaining('the stream dropped')]);
    const carrier = fs.readFileSync(path.join(result.dir, '6eyk-hxee.csv'), 'utf8');
    expect(carrier.split('\n').filter((l) => l.startsWith('"docket_number"'))).toHaveLength(1);
  });

  it('an HTML error page with status 200 (as text/html, or posing as text/csv) is not data: retried', async () => {
    portal.fail('/api/views/m3ry-qcip/rows.csv', { kind: 'html' }, { kind: 'html', contentType: 'text/csv; charset=utf-8' });
    portal.fail('/resource/az4n-8mr2.csv?$offset=0', { kind: 'html', contentType: 'text/csv' });
    const { result } = await night(portal, root, DATE, { events });
    expectGoodNight(result.dir);
    expect(portal.hits('/api/views/m3ry-qcip/rows.csv')).toHaveLength(3);
    expect(retries.map((r) => r.error)).toEqual([
      `${portal.url}/resource/az4n-8mr2.csv?$order=:id&$limit=2&$offset=0: an HTML page with status 200, not CSV`,
      `${portal.url}/api/views/m3ry-qcip/rows.csv?accessType=DOWNLOAD: text/html; charset=utf-8, not CSV (an HTML page with status 200)`,
      `${portal.url}/api/views/m3ry-qcip/rows.csv?accessType=DOWNLOAD: an HTML page with status 200, not CSV`,
    ]);
  });

  it('an HTML page every time: the night fails after its retries, no day folder', async () => {
    const attempts = FAST_RETRY.retries + 1;
    portal.fail('/api/views/h3zn-uid9/rows.csv', ...Array.from({ length: attempts }, () => ({ kind: 'html' as const })));
    await expect(night(portal, root, DATE, { events })).rejects.toThrow(TransientError);
    expect(portal.hits('/api/views/h3zn-uid9/rows.csv')).toHaveLength(attempts);
    expectNoDayFolder(root, DATE);
  });
});

describe('fetch: what is not retried', () => {
  it('a 404 stops at once, no day folder', async () => {
    portal.fail('/api/views/4y6x-dmck/rows.csv', { kind: 'status', status: 404 });
    const failed = night(portal, root, DATE, { events });
    await expect(failed).rejects.toThrow(HttpStatusError);
    await expect(failed).rejects.toThrow(`${portal.url}/api/views/4y6x-dmck/rows.csv?accessType=DOWNLOAD answered 404`);
    expect(portal.hits('/api/views/4y6x-dmck/rows.csv')).toHaveLength(1);
    expect(retries).toEqual([]);
    expectNoDayFolder(root, DATE);
  });

  it('a wrong app token: 403 on the first request, which names the token', async () => {
    portal.token = 'the-right-token';
    await expect(night(portal, root, DATE, { events, client: { baseUrl: portal.url, appToken: 'a-wrong-token' } })).rejects.toThrow(/answered 403 \(a wrong or blank SOCRATA_APP_TOKEN gives 403\)/);
    expect(portal.requests).toHaveLength(1);
    expectNoDayFolder(root, DATE);
  });

  it('the right app token goes as X-App-Token on every request', async () => {
    portal.token = 'the-right-token';
    const { result } = await night(portal, root, DATE, { events, client: { baseUrl: portal.url, appToken: 'the-right-token' } });
    expectGoodNight(result.dir);
    expect(new Set(portal.requests.map((r) => r.token))).toEqual(new Set(['the-right-token']));
  });

  it('a file short of the portal\'s row count is refused, no day folder', async () => {
    portal.fail('/api/views/dm5j-zc6c/rows.csv', { kind: 'short' });
    const failed = night(portal, root, DATE, { events });
    await expect(failed).rejects.toThrow(ContentError);
    await expect(failed).rejects.toThrow('dm5j-zc6c: 0 rows downloaded, the portal counts 1');
    expectNoDayFolder(root, DATE);
  });

  it('a page whose header is not the first page\'s stops the night (the set changed under us)', async () => {
    portal.fail('/resource/rbkj-cgst.csv?$offset=2', { kind: 'other-header' });
    await expect(night(portal, root, DATE, { events })).rejects.toThrow('rbkj-cgst: the page at offset 2 has another header than the first page ("Unique_ID","Report_Number"');
    expect(retries).toEqual([]);
    expectNoDayFolder(root, DATE);
  });

  it('an unreachable portal stops at the first request, without retries', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failed = night(portal, root, DATE, { events, client: { baseUrl: `http://127.0.0.1:${port}`, appToken: '' } });
    await expect(failed).rejects.toThrow(PortalUnreachableError);
    await expect(failed).rejects.toThrow(`the data portal 127.0.0.1:${port} cannot be reached (ECONNREFUSED)`);
    expect(retries).toEqual([]);
    expectNoDayFolder(root, DATE);
  });

  it('a request fetch itself refuses (a blocked port) is not retried either', async () => {
    await expect(night(portal, root, DATE, { events, client: { baseUrl: 'http://127.0.0.1:9', appToken: '' } })).rejects.toThrow(
      'http://127.0.0.1:9/api/views/az4n-8mr2.json cannot be requested: bad port',
    );
    expect(retries).toEqual([]);
    expectNoDayFolder(root, DATE);
  });
});

describe('fetch: a set republished during its download', () => {
  it('is downloaded again, and the day folder holds the new publication', async () => {
    const republished: string[] = [];
    events.on('republished', (r) => republished.push(r.dataset));
    const first = portal.dataset('x96h-evps').rowsUpdatedAt;
    portal.fail('/api/views/x96h-evps/rows.csv', { kind: 'republish' });
    portal.fail('/resource/sa6p-acbp.csv?$offset=2', { kind: 'republish' });
    const { result } = await night(portal, root, DATE, { events });
    expectGoodNight(result.dir);
    expect(republished).toEqual(['sa6p-acbp', 'x96h-evps']);
    const entry = result.manifest!.datasets.find((e) => e.dataset === 'x96h-evps')!;
    expect(entry.rows).toBe(2);
    expect(Date.parse(entry.rowsUpdatedAt) / 1000).toBe(first + 3600);
    expect(portal.hits('/api/views/x96h-evps/rows.csv')).toHaveLength(2);
    expect(fs.readFileSync(path.join(result.dir, 'sa6p-acbp.csv'), 'utf8')).toBe(expectedFile(portal, spec('sa6p-acbp')));
  });

  it('republished during every download: the night gives up after the attempts it has', async () => {
    portal.fail('/api/views/e67p-xyd5/rows.csv', { kind: 'republish' }, { kind: 'republish' });
    await expect(night(portal, root, DATE, { events, republishAttempts: 2 })).rejects.toThrow('e67p-xyd5 was republished during each of 2 downloads');
    expectNoDayFolder(root, DATE);
  });
});
