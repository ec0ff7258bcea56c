/**
 * A fetch night against the fake portal, and the checks every fetch test makes: a day folder is
 * either absent or whole (every file its manifest names, with that hash, no `.part` left), and
 * never appears before its last dataset is in.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { fetchedDatasets, loadDatasets, type DatasetSpec } from '../../pipeline/fetch/datasets.ts';
import { FetchEvents } from '../../pipeline/fetch/events.ts';
import { fetchDay, type FetchDayOptions, type FetchDayResult } from '../../pipeline/fetch/fetch-day.ts';
import type { FetchManifest } from '../../pipeline/fetch/manifest.ts';
import type { RetryPolicy } from '../../pipeline/fetch/retry.ts';
import { PORTAL_TABLES } from '../fixtures/portal/tables.ts';
import { FakePortal, type PortalDataset } from './fake-portal.ts';

export const DATASETS: DatasetSpec[] = fetchedDatasets(loadDatasets());

/** Backoff in milliseconds, not seconds: the tests wait on answers, never on the clock. */
export const FAST_RETRY: RetryPolicy = { retries: 3, minTimeoutMs: 1, maxTimeoutMs: 5, randomize: false };

/** Rows per page in tests: the census's five rows come in three pages (2, 2, 1). */
export const PAGE_ROWS = 2;

const PUBLISHED = {
  /** Daily and frozen sets: the afternoon before the first test night. */
  daily: Date.parse('2026-11-19T14:49:00Z') / 1000,
  /** Monthly SMS sets: mid-month. */
  monthly: Date.parse('2026-11-13T10:00:00Z') / 1000,
};

export async function startPortal(): Promise<FakePortal> {
  const sets: Record<string, PortalDataset> = {};
  for (const d of DATASETS) {
    const table = PORTAL_TABLES[d.id];
    if (!table) throw new Error(`test/fixtures/portal/tables.ts has no ${d.id}`);
    sets[d.id] = { ...table, name: d.name, rowsUpdatedAt: d.cadence === 'monthly' ? PUBLISHED.monthly : PUBLISHED.daily };
  }
  return new FakePortal(sets).listen();
}

export function tempRoot(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'fetch-test-'));
}

export interface Night {
  result: FetchDayResult;
  events: FetchEvents;
}

/**
 * fetchDay into `<root>/<date>`; rejects as it does. On every finished dataset it checks that the
 * day folder is not there yet.
 */
export async function night(portal: FakePortal, root: string, date: string, opts: Partial<FetchDayOptions> = {}): Promise<Night> {
  const out = path.join(root, date);
  const events = opts.events ?? new FetchEvents();
  const early: string[] = [];
  events.on('dataset', ({ dataset }) => {
    if (fs.existsSync(out)) early.push(dataset);
  });
  try {
    const result = await fetchDay({
      date,
      out,
      client: { baseUrl: portal.url, appToken: '' },
      retry: FAST_RETRY,
      pageRows: PAGE_ROWS,
      events,
      ...opts,
    });
    return { result, events };
  } finally {
    expect(early, 'the day folder appeared before these datasets were in').toEqual([]);
  }
}

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The day folder is whole: exactly the manifest's files, each with its bytes and hash. */
export function expectWholeFolder(dir: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as FetchManifest;
  const names = fs.readdirSync(dir).sort();
  expect(names).toEqual([...manifest.datasets.map((e) => e.file), 'manifest.json'].sort());
  for (const e of manifest.datasets) {
    const file = path.join(dir, e.file);
    expect(e.file).toBe(`${e.dataset}.csv`);
    expect(fs.statSync(file).size, e.file).toBe(e.bytes);
    expect(sha256(file), e.file).toBe(e.sha256);
  }
}

/** No day folder for `date`, and no build folder left beside it. */
export function expectNoDayFolder(root: string, date: string): void {
  expect(fs.existsSync(path.join(root, date))).toBe(false);
  expect(fs.readdirSync(root).filter((n) => n.includes(date))).toEqual([]);
}

/** What a correct fetch writes for a set: rows.csv as served, or the pages joined under one header. */
export function expectedFile(portal: FakePortal, spec: DatasetSpec): string {
  return spec.download === 'paged' ? portal.resourceCsv(spec.id) : portal.rowsCsv(spec.id);
}

export const spec = (id: string): DatasetSpec => {
  const d = DATASETS.find((x) => x.id === id);
  if (!d) throw new Error(`${id} is not fetched`);
  return d;
};
