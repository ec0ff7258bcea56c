/**
 * One HTTP attempt of a webhook delivery: POST the body with its headers, wait at most
 * `timeoutMs` (spec: 10 s) for the answer's status line, report status code, error and duration.
 * No redirects are followed (a 3xx is not an acknowledgement); a fresh connection per attempt, so
 * one receiver's sockets never hold up another's.
 */
import http from 'node:http';
import https from 'node:https';
import { connectionProblem, guardedLookup } from './url-policy.ts';

export interface AttemptResult {
  /** The receiver answered 2xx in time. */
  success: boolean;
  /** HTTP status of the answer; null when there was none (timeout, connection error). */
  status_code: number | null;
  /** Transport error or non-2xx summary; null on success. */
  error: string | null;
  duration_ms: number;
}

export interface PostOptions {
  timeoutMs: number;
  /** Refuse non-public addresses at connection time (WEBHOOK_BLOCK_PRIVATE). */
  blockPrivate: boolean;
}

const USER_AGENT = 'carrier-data-webhooks/1';

function describe(err: NodeJS.ErrnoException): string {
  return err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message;
}

/**
 * @example
 * const r = await postOnce('https://example.com/hook', body, headers, { timeoutMs: 10_000, blockPrivate: false });
 * // → { success: true, status_code: 204, error: null, duration_ms: 38 }
 */
export function postOnce(url: string, body: string, headers: Record<string, string>, opts: PostOptions): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const problem = connectionProblem(url, opts);
  if (problem) return Promise.resolve({ success: false, status_code: null, error: `blocked: ${problem}`, duration_ms: 0 });
  return new Promise((resolve) => {
    let settled = false;
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(target, {
      method: 'POST',
      agent: false,
      lookup: opts.blockPrivate ? guardedLookup : undefined,
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        'User-Agent': USER_AGENT,
      },
    });
    const finish = (result: Omit<AttemptResult, 'duration_ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, duration_ms: elapsed() });
    };
    const timer = setTimeout(() => {
      finish({ success: false, status_code: null, error: `no answer within ${opts.timeoutMs} ms` });
      req.destroy();
    }, opts.timeoutMs);
    req.on('response', (res) => {
      const code = res.statusCode ?? 0;
      const ok = code >= 200 && code < 300;
      finish({ success: ok, status_code: code, error: ok ? null : `receiver answered HTTP ${code}` });
      // The answer's body is not needed: drain it, and drop a receiver that keeps streaming.
      res.resume();
      res.on('end', () => req.destroy());
      setTimeout(() => req.destroy(), 2_000).unref();
    });
    req.on('error', (err: NodeJS.ErrnoException) => finish({ success: false, status_code: null, error: describe(err) }));
    req.end(body);
  });
}
