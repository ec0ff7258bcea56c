/**
 * One request to the data portal, its failures sorted into: unreachable (stop, no retry),
 * transient (429, 5xx, reset connections: retry) and final (other statuses, a request that
 * cannot be made: stop).
 */
import { Readable } from 'node:stream';
import { FetchError, HttpStatusError, PortalUnreachableError, TransientError } from './errors.ts';

/** Connection failures that mean "no network here", not "the server is busy". */
const UNREACHABLE = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** The first `code` on an error's cause chain (fetch wraps the socket's error in a TypeError). */
function errorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

export interface PortalClient {
  /** e.g. https://data.transportation.gov (no trailing slash). */
  baseUrl: string;
  /** Sent as X-App-Token when not empty; an empty token sends no header at all. */
  appToken: string;
}

function requestHeaders(client: PortalClient): Record<string, string> {
  return client.appToken ? { 'X-App-Token': client.appToken } : {};
}

function retryAfterMs(res: Response): number | undefined {
  const v = res.headers.get('retry-after');
  if (!v) return undefined;
  const secs = Number(v);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** A response with a 2xx status, or the error that says what went wrong. */
export async function request(client: PortalClient, url: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { headers: requestHeaders(client) });
  } catch (err) {
    const code = errorCode(err);
    if (code && UNREACHABLE.has(code)) throw new PortalUnreachableError(new URL(client.baseUrl).host, code);
    if (code) throw new TransientError(`${url}: ${code}`);
    // No socket error behind it: fetch refused the request itself (e.g. a port it blocks).
    const cause = (err as { cause?: { message?: string } }).cause?.message;
    throw new FetchError(`${url} cannot be requested: ${cause ?? (err as Error).message}`);
  }
  if (res.ok) return res;
  await res.body?.cancel().catch(() => {});
  if (res.status === 429 || res.status >= 500) throw new TransientError(`${url} answered ${res.status}`, retryAfterMs(res));
  throw new HttpStatusError(res.status, url);
}

/** The body as a Node stream; a connection dropped mid-body surfaces as a TransientError. */
export async function* bodyChunks(res: Response, url: string): AsyncGenerator<Buffer> {
  if (!res.body) return;
  const stream = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>);
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (err) {
    throw new TransientError(`${url}: the stream dropped (${errorCode(err) ?? (err as Error).message})`);
  } finally {
    stream.destroy();
  }
}
