/**
 * `pipeline fetch` night after night against a fake data portal on loopback (pipeline/fetch):
 * a good night, the next night (frozen sets stored once, monthly sets carried forward, Motus
 * diffs only), a missed day (Motus re-baselined), a new SMS month, a changed column list.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ColumnsChangedError } from '../pipeline/fetch/errors.ts';
import type { FakePortal } from './helpers/fake-portal.ts';
import { DATASETS, expectedFile, expectNoDayFolder, expectWholeFolder, night, PAGE_ROWS, spec, startPortal, tempRoot } from './helpers/fetch-night.ts';

const AWH = DATASETS.filter((d) => DATASETS.some((x) => x.motus === d.id)).map((d) => d.id);
const MONTHLY = DATASETS.filter((d) => d.cadence === 'monthly').map((d) => d.id);
const FROZEN = DATASETS.filter((d) => d.cadence === 'frozen').map((d) => d.id);
const DOWNLOAD_PATHS = (id: string) => [`/api/views/${id}/rows.csv`, `/resource/${id}.csv`];
const downloads = (portal: FakePortal, id: string, since = 0) => portal.requests.slice(since).filter((r) => DOWNLOAD_PATHS(id).includes(r.path)).length;

describe('fetch, night after night', () => {
  let portal: FakePortal;
  const root = tempRoot();
  const day1 = path.join(root, '2026-11-20');

  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    await portal.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a good night: every dataset in its own file, checked, in a day folder with its manifest', async () => {
    const { result } = await night(portal, root, '2026-11-20');
    expect(result.status).toBe('fetched');
    expect(result.dir).toBe(day1);
    expectWholeFolder(day1);

    expect(result.manifest!.datasets.map((e) => e.dataset)).toEqual(DATASETS.map((d) => d.id));
    for (const d of DATASETS) {
      const e = result.manifest!.datasets.find((x) => x.dataset === d.id)!;
      expect(fs.readFileSync(path.join(day1, e.file), 'utf8'), d.id).toBe(expectedFile(portal, d));
      expect(e.rows, d.id).toBe(portal.dataset(d.id).rows.length);
      expect(e.rowsUpdatedAt, d.id).toBe(new Date(portal.dataset(d.id).rowsUpdatedAt * 1000).toISOString());
      expect(e.etag, d.id).toMatch(/^".+"$/);
      expect(e.columns.length, d.id).toBe(portal.dataset(d.id).columns.length); // the hidden computed column left out
      expect(e.url, d.id).toBe(
        d.download === 'paged'
          ? `${portal.url}/resource/${d.id}.csv?$order=:id&$limit=${PAGE_ROWS}`
          : `${portal.url}/api/views/${d.id}/rows.csv?accessType=DOWNLOAD`,
      );
      expect(Date.parse(e.fetched_at)).not.toBeNaN();
    }
    // The first night has no day before it: the Motus full sets are the baseline.
    expect(result.manifest!.motus_baselines.sort()).toEqual([...AWH].sort());

    // Paged sets: ordered by :id, page after page until a short one, one header in the file.
    const census = portal.hits('/resource/az4n-8mr2.csv').map((r) => `${r.query.$order} ${r.query.$limit} ${r.query.$offset}`);
    expect(census).toEqual([`:id ${PAGE_ROWS} 0`, `:id ${PAGE_ROWS} 2`, `:id ${PAGE_ROWS} 4`]);
    const text = fs.readFileSync(path.join(day1, 'az4n-8mr2.csv'), 'utf8');
    expect(text.split('\n').filter((l) => l.startsWith('"mcs150_date"'))).toHaveLength(1);
    expect(text.split('\n')[0]).toContain('"hm_ind"');
    // rows.csv sets: display names, as the portal writes them.
    expect(fs.readFileSync(path.join(day1, 'qh9u-swkp.csv'), 'utf8').split('\n')[0]).toBe(
      'DOCKET_NUMBER,DOT_NUMBER,ins_form_code,ins_type_desc,name_company,policy_no,trans_date,underl_lim_amount,max_cov_amount,effective_date,cancl_effective_date',
    );
    // Without SOCRATA_APP_TOKEN no request carries the header at all.
    expect(portal.requests.filter((r) => r.token !== undefined)).toEqual([]);
  });

  it('the next night stores an unchanged frozen set once, carries monthly sets forward and fetches only the Motus diffs', async () => {
    const before = portal.requests.length;
    // Overnight: every frozen set re-uploaded unchanged (a new rowsUpdatedAt, the same bytes),
    // the census and the Motus diffs republished with changes.
    for (const id of FROZEN) portal.publish(id);
    const census = portal.dataset('az4n-8mr2');
    portal.publish('az4n-8mr2', { rows: census.rows.map((r, i) => (i === 0 ? r.map((v, k) => (k === 23 ? '33' : v)) : r)) });
    portal.publish('nakq-58th', { rows: portal.dataset('inys-ebih').rows.slice(0, 1) });

    const { result } = await night(portal, root, '2026-11-21');
    const day2 = result.dir;
    expectWholeFolder(day2);
    const entry = (id: string) => result.manifest!.datasets.find((e) => e.dataset === id)!;

    for (const id of FROZEN) {
      expect(result.actions[id], id).toBe('linked');
      expect(downloads(portal, id, before), id).toBeGreaterThan(0); // downloaded, hashed, then linked
      const a = fs.statSync(path.join(day1, `${id}.csv`));
      const b = fs.statSync(path.join(day2, `${id}.csv`));
      expect(b.ino, id).toBe(a.ino);
      expect(b.nlink, id).toBe(2);
      expect(entry(id).linked_to).toBe(`2026-11-20/${id}.csv`);
      expect(entry(id).rowsUpdatedAt).toBe(new Date(portal.dataset(id).rowsUpdatedAt * 1000).toISOString());
    }
    for (const id of MONTHLY) {
      expect(result.actions[id], id).toBe('carried-forward');
      expect(downloads(portal, id, before), id).toBe(0);
      expect(fs.statSync(path.join(day2, `${id}.csv`)).ino).toBe(fs.statSync(path.join(day1, `${id}.csv`)).ino);
      expect(entry(id).carried_forward_from).toBe('2026-11-20');
    }
    expect(result.actions['az4n-8mr2']).toBe('downloaded');
    expect(fs.statSync(path.join(day2, 'az4n-8mr2.csv')).ino).not.toBe(fs.statSync(path.join(day1, 'az4n-8mr2.csv')).ino);
    expect(fs.readFileSync(path.join(day2, 'az4n-8mr2.csv'), 'utf8')).toBe(expectedFile(portal, spec('az4n-8mr2')));
    expect(fs.readFileSync(path.join(day2, 'nakq-58th.csv'), 'utf8')).toBe(expectedFile(portal, spec('nakq-58th')));

    // Yesterday's folder holds every Motus daily difference: no full set today.
    for (const id of AWH) {
      expect(fs.existsSync(path.join(day2, `${id}.csv`)), id).toBe(false);
      expect(portal.requests.slice(before).filter((r) => r.path.includes(id)), id).toEqual([]);
    }
    expect(result.manifest!.motus_baselines).toEqual([]);
    expect(result.manifest!.not_fetched.map((n) => n.dataset).sort()).toEqual([...AWH].sort());
    // The first night's folder is untouched.
    expectWholeFolder(day1);
  });

  it('a fetch of a day already fetched changes nothing', async () => {
    const before = portal.requests.length;
    const { result } = await night(portal, root, '2026-11-21');
    expect(result.status).toBe('exists');
    expect(portal.requests.length).toBe(before);
  });

  it('a day folder the fetch did not make is left as it is', async () => {
    const before = portal.requests.length;
    const own = path.join(root, '2026-11-22-own');
    fs.mkdirSync(own);
    fs.writeFileSync(path.join(own, 'census.csv'), 'DOT_NUMBER\n1\n');
    const { result } = await night(portal, root, '2026-11-22', { out: own });
    expect(result).toMatchObject({ status: 'exists', manifest: null });
    expect(fs.readdirSync(own)).toEqual(['census.csv']);
    expect(portal.requests.length).toBe(before);
    fs.rmSync(own, { recursive: true });
  });

  it('after a missed day the Motus full sets are fetched again, and a new SMS month is downloaded', async () => {
    const before = portal.requests.length;
    portal.publish('4y6x-dmck', {}, Date.parse('2026-12-12T10:00:00Z') / 1000);
    // 2026-11-22 was never fetched.
    const { result } = await night(portal, root, '2026-11-23');
    expectWholeFolder(result.dir);
    expect(result.manifest!.motus_baselines.sort()).toEqual([...AWH].sort());
    for (const id of AWH) {
      expect(result.actions[id], id).toBe('downloaded');
      expect(fs.readFileSync(path.join(result.dir, `${id}.csv`), 'utf8')).toBe(expectedFile(portal, spec(id)));
    }
    expect(result.actions['4y6x-dmck']).toBe('linked'); // a new month, downloaded: same bytes, so stored once
    expect(downloads(portal, '4y6x-dmck', before)).toBe(1);
    expect(result.actions['m3ry-qcip']).toBe('carried-forward');
    expect(result.manifest!.datasets.find((e) => e.dataset === 'm3ry-qcip')!.carried_forward_from).toBe('2026-11-20');
  });

  it('a changed column list stops the night before any download, naming the columns', async () => {
    const before = portal.requests.length;
    const act = portal.dataset('qh9u-swkp');
    portal.publish('qh9u-swkp', { columns: act.columns.map(([n, f]) => (f === 'mod_col_1' ? ['ins_type_description', 'mod_col_1'] : [n, f])) });
    const crash = portal.dataset('4wxs-vbns');
    portal.publish('4wxs-vbns', { columns: [...crash.columns, ['Crash_Id', 'crash_id']], rows: crash.rows.map((r) => [...r, '1']) });

    const failed = night(portal, root, '2026-11-24');
    await expect(failed).rejects.toThrow(ColumnsChangedError);
    await expect(failed).rejects.toThrow(
      'the column list changed since the fetch of 2026-11-23: qh9u-swkp (ActPendInsur - All With History (legacy L&I)): removed ins_type_desc (mod_col_1); added ins_type_description (mod_col_1); 4wxs-vbns (SMS Input - Crash): added Crash_Id (crash_id)',
    );
    expectNoDayFolder(root, '2026-11-24');
    // Only metadata was asked for: no data downloaded for a night that cannot be used.
    expect(portal.requests.slice(before).filter((r) => !r.path.startsWith('/api/views/') || r.path.endsWith('rows.csv'))).toEqual([]);
  });
});
