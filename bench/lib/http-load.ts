/**
 * Drives an HTTP endpoint with autocannon on loopback, rotating through a list of requests, and
 * records every response time so p50/p95/p99 are exact (autocannon's own summary has no p95).
 */
import autocannon from 'autocannon';
import { summarizeRounds, type RoundSamples } from './stats.ts';

export interface BenchRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** The raw samples of one or more drives of a class (rounds), before they are summarized. */
export interface LoadSamples extends RoundSamples {
  non2xx: number;
  errors: number;
}

/** Percentiles over every sample of the rounds; req/s over their total time. */
export function summarizeLoad(rounds: LoadSamples[]): LoadResult {
  return {
    ...summarizeRounds(rounds),
    non2xx: rounds.reduce((a, r) => a + r.non2xx, 0),
    errors: rounds.reduce((a, r) => a + r.errors, 0),
  };
}

export async function drive(baseUrl: string, requests: BenchRequest[], opts: { seconds: number; connections: number }): Promise<LoadResult> {
  return summarizeLoad([await driveSamples(baseUrl, requests, opts)]);
}

export async function driveSamples(
  baseUrl: string,
  requests: BenchRequest[],
  /** `cursor`: where in `requests` to start, advanced past the ones sent (rounds go on from there). */
  opts: { seconds: number; connections: number; cursor?: { i: number }; amount?: number },
): Promise<LoadSamples> {
  const cursor = opts.cursor ?? { i: 0 };
  let i = cursor.i;
  const times: number[] = [];
  const instance = autocannon({
    url: baseUrl,
    connections: opts.connections,
    duration: opts.seconds,
    ...(opts.amount ? { amount: opts.amount } : {}),
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          const r = requests[i++ % requests.length];
          return {
            ...req,
            method: r.method ?? 'GET',
            path: r.path,
            headers: { ...(r.body ? { 'content-type': 'application/json' } : {}), ...r.headers } as Record<string, string>,
            body: r.body ? JSON.stringify(r.body) : undefined,
          };
        },
      },
    ],
  });
  // autocannon returns an EventEmitter that is also a promise of the result.
  (instance as unknown as NodeJS.EventEmitter).on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
  const result = await instance;
  cursor.i = i;
  return { times, seconds: opts.seconds, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}
