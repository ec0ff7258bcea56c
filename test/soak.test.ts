/**
 * Soak: mixed traffic on loopback for a bounded time while the pipeline loads a new day in a
 * child process. Zero 5xx; every carrier answer equals exactly the run it names (never a mix of
 * the old and the new run); memory stays flat. SOAK_SECONDS sets the least length (default 40 s
 * here; docs/reliability.md records a 120 s run); the traffic goes on until the new run has been
 * served too, however long the load takes on a loaded machine.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipelineCli } from '../lib/pipeline-process.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { loadedSample, type LoadedSample } from './helpers/sample.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 40);
let app: TestApp;
let sample: LoadedSample;

const PROFILE_FIELDS = ['legal_name', 'dba_name', 'status', 'fleet', 'contact', 'address', 'authority', 'insurance', 'risk_score'] as const;
type Profile = Record<string, unknown> & { dot_number: string; etl_run_id: number };
const pick = (p: Record<string, unknown>) => JSON.stringify(PROFILE_FIELDS.map((f) => p[f]));

beforeAll(async () => {
  sample = await loadedSample();
  app = await startApp({ db: sample.db });
});
afterAll(async () => {
  await app?.close();
  await sample?.drop();
});

describe('soak while a new run loads', () => {
  it(`${SECONDS}s of mixed traffic: no 5xx, no answer mixing two runs, memory flat`, async () => {
    const changed: string[] = (await app.db.pool.query('SELECT dot_number FROM carriers ORDER BY random() LIMIT 400')).rows.map((r) => r.dot_number);
    // Ground truth per run: the profile of every sampled carrier before and after the load.
    const truth = new Map<number, Map<string, string>>();
    const capture = async () => {
      const byDot = new Map<string, string>();
      let run = 0;
      for (const d of changed) {
        const res = await fetch(`${app.url}/v1/carriers/${d}`);
        if (res.status !== 200) continue;
        const p = (await res.json()) as Profile;
        run = p.etl_run_id;
        byDot.set(d, pick(p));
      }
      truth.set(run, byDot);
    };
    await capture();

    const statuses = new Map<number, number>();
    const seen: Profile[] = [];
    const rss: number[] = [];
    const started = Date.now();
    const until = started + SECONDS * 1000;
    const [oldRun] = truth.keys();
    let loaded = false;
    let loadSettled = false;
    let newRunServed = false;
    // A bound in requests, not time, for a load that never shows: the assertions below then fail.
    let afterLoad = 0;
    const going = () => Date.now() < until || !loadSettled || (loaded && !newRunServed && afterLoad < 20_000);
    let i = 0;
    const worker = async () => {
      while (going()) {
        if (loadSettled) afterLoad++;
        const d = changed[i++ % changed.length];
        const k = i % 6;
        const url =
          k === 0 ? `/v1/changes/latest?per_page=20` :
          k === 1 ? `/v1/carriers/${d}/safety` :
          k === 2 ? `/v1/carriers/search?state=TX&per_page=10` :
          k === 3 ? `/v1/carriers/${d}/changes` :
          `/v1/carriers/${d}`;
        const res = await fetch(`${app.url}${url}`);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const body = await res.json();
        if (res.status === 200 && url === `/v1/carriers/${d}`) {
          seen.push(body as Profile);
          if ((body as Profile).etl_run_id !== oldRun) newRunServed = true;
        }
      }
    };
    const sampler = setInterval(() => rss.push(process.memoryUsage().rss), 1000);
    const load = (async () => {
      await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 4));
      await runPipelineCli(['run', '--input', path.join(sample.dumps, sample.days[sample.loaded])], {
        DATABASE_URL: app.db.url,
        DUCKDB_PATH: sample.duckdb,
        LOG_LEVEL: 'warn',
      });
    })()
      .then(() => {
        loaded = true;
      })
      .finally(() => {
        loadSettled = true;
      });
    await Promise.all([...Array.from({ length: 8 }, worker), load]);
    clearInterval(sampler);
    await capture();

    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const fivexx = [...statuses.entries()].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
    process.stdout.write(`\nsoak: ${total} requests in ${Math.round((Date.now() - started) / 1000)}s, statuses ${JSON.stringify(Object.fromEntries(statuses))}, profiles checked ${seen.length}\n`);
    expect(fivexx).toBe(0);
    expect(truth.size).toBe(2); // both runs were served during the soak

    let mixed = 0;
    for (const p of seen) {
      const expected = truth.get(p.etl_run_id)?.get(p.dot_number);
      if (expected !== undefined && expected !== pick(p)) mixed++;
    }
    expect(mixed).toBe(0);
    const runsSeen = new Set(seen.map((p) => p.etl_run_id));
    expect(runsSeen.size).toBe(2);

    // Memory flat: the second half of the soak holds no more than the first half plus slack.
    const half = Math.floor(rss.length / 2);
    const first = Math.max(...rss.slice(0, half));
    const last = Math.max(...rss.slice(half));
    expect(last).toBeLessThan(first * 1.5 + 64 * 2 ** 20);
  }, (SECONDS + 300) * 1000);
});
