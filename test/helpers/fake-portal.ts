/**
 * A local HTTP server on loopback that answers like data.transportation.gov for the fetch
 * (shared/reference/fmcsa-published-2026.md §2): metadata, row counts, rows.csv with display
 * names, /resource pages with quoted field names (paged by $order=:id, $limit, $offset), ETags,
 * 403 for a blank or wrong app token. Faults are queued per path and served in order.
 */
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PortalTable } from '../fixtures/portal/tables.ts';

export interface PortalDataset extends PortalTable {
  name: string;
  /** Seconds since the epoch, as Socrata writes it. */
  rowsUpdatedAt: number;
}

export type Fault =
  | { kind: 'status'; status: number; retryAfter?: string }
  /** Status 200, an HTML error page, with its own content type or posing as CSV. */
  | { kind: 'html'; contentType?: string }
  /** Sends the headers and part of the body, then drops the connection. */
  | { kind: 'cut' }
  /** Serves this request, then the set is republished: one more row, a later rowsUpdatedAt. */
  | { kind: 'republish' }
  /** A complete-looking body without its last row (no error on the wire). */
  | { kind: 'short' }
  /** A /resource page whose header line is the display names, not the field names. */
  | { kind: 'other-header' };

export interface PortalRequest {
  path: string;
  query: Record<string, string>;
  /** The X-App-Token header as received; undefined when absent. */
  token: string | undefined;
  status: number;
}

const HTML_PAGE = '<!DOCTYPE html>\n<html><head><title>Service Unavailable</title></head><body><h1>We are performing maintenance</h1></body></html>\n';

const quoteIfNeeded = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const quoteAll = (v: string) => `"${v.replace(/"/g, '""')}"`;

export class FakePortal extends EventEmitter<{ request: [PortalRequest] }> {
  readonly datasets = new Map<string, PortalDataset>();
  readonly requests: PortalRequest[] = [];
  /** When set, a request whose X-App-Token differs gets 403 (a blank one always does). */
  token: string | null = null;
  url = '';
  private readonly faults = new Map<string, Fault[]>();
  private readonly server = http.createServer((req, res) => this.answer(req, res));

  constructor(datasets: Record<string, PortalDataset>) {
    super();
    for (const [id, d] of Object.entries(datasets)) this.datasets.set(id, structuredClone(d));
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * Queues faults for the next requests of `path` ('/api/views/inys-ebih/rows.csv'), or of one
   * page ('/resource/az4n-8mr2.csv?$offset=2').
   */
  fail(path: string, ...faults: Fault[]): void {
    this.faults.set(path, [...(this.faults.get(path) ?? []), ...faults]);
  }

  /** Requests made to `path` so far. */
  hits(path: string): PortalRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  dataset(id: string): PortalDataset {
    const d = this.datasets.get(id);
    if (!d) throw new Error(`the fake portal has no ${id}`);
    return d;
  }

  /** A new publication of a set: rows changed or not, rowsUpdatedAt later. */
  publish(id: string, change: Partial<Pick<PortalDataset, 'rows' | 'columns'>> = {}, at?: number): void {
    const d = this.dataset(id);
    Object.assign(d, change);
    d.rowsUpdatedAt = at ?? d.rowsUpdatedAt + 86_400;
  }

  /** The whole set as rows.csv writes it. */
  rowsCsv(id: string): string {
    const d = this.dataset(id);
    return [d.columns.map(([name]) => quoteIfNeeded(name)), ...d.rows.map((r) => r.map(quoteIfNeeded))].map((f) => `${f.join(',')}\n`).join('');
  }

  /** Rows [offset, offset+limit) as /resource/{id}.csv writes them. */
  resourceCsv(id: string, limit = Infinity, offset = 0): string {
    const d = this.dataset(id);
    const rows = d.rows.slice(offset, offset + limit);
    return [d.columns.map(([, field]) => quoteAll(field)), ...rows.map((r) => r.map(quoteAll))].map((f) => `${f.join(',')}\n`).join('');
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://portal');
    const query = Object.fromEntries(url.searchParams);
    const token = req.headers['x-app-token'] as string | undefined;
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      this.log({ path: url.pathname, query, token, status });
      res.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), ...headers });
      res.end(body);
    };
    if (token !== undefined && (token.trim() === '' || (this.token !== null && token !== this.token))) {
      return send(403, 'application/json', JSON.stringify({ code: 'permission_denied', error: true, message: 'Invalid app_token specified' }));
    }
    const keys = query.$offset === undefined ? [url.pathname] : [`${url.pathname}?$offset=${query.$offset}`, url.pathname];
    const fault = keys.map((k) => this.faults.get(k)).find((q) => q?.length)?.shift();
    if (fault?.kind === 'status') {
      return send(fault.status, 'application/json', JSON.stringify({ error: true, message: `status ${fault.status}` }), fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {});
    }
    if (fault?.kind === 'html') return send(200, fault.contentType ?? 'text/html; charset=utf-8', HTML_PAGE);

    const route = this.route(url, query);
    if (!route) return send(404, 'application/json', JSON.stringify({ code: 'not_found', error: true, message: 'Not found' }));
    if (route.status !== 200) return send(route.status, 'application/json', JSON.stringify({ error: true, message: route.body }));
    const etag = `"${crypto.createHash('sha1').update(route.body).digest('base64url')}"`;
    if (fault?.kind === 'republish') {
      const d = this.dataset(route.id);
      this.publish(route.id, { rows: [...d.rows, d.rows[0].map((v, i) => (i === 0 ? `${v}9` : v))] }, d.rowsUpdatedAt + 3600);
    }
    if (fault?.kind === 'short') {
      const lines = route.body.split('\n');
      return send(200, route.type, `${lines.slice(0, -2).join('\n')}\n`, { ETag: etag, ...route.headers });
    }
    if (fault?.kind === 'other-header') {
      const d = this.dataset(route.id);
      const body = route.body.replace(/^.*\n/, `${d.columns.map(([name]) => quoteAll(name)).join(',')}\n`);
      return send(200, route.type, body, { ETag: etag, ...route.headers });
    }
    if (fault?.kind === 'cut') {
      this.log({ path: url.pathname, query, token, status: 200 });
      res.writeHead(200, { 'Content-Type': route.type, 'Content-Length': Buffer.byteLength(route.body), ETag: etag });
      res.write(route.body.slice(0, Math.floor(route.body.length / 2)), () => res.socket?.destroy());
      return;
    }
    send(200, route.type, route.body, { ETag: etag, ...route.headers });
  }

  private route(url: URL, query: Record<string, string>): { id: string; status: number; type: string; body: string; headers?: Record<string, string> } | null {
    let m = /^\/api\/views\/([a-z0-9]{4}-[a-z0-9]{4})\.json$/.exec(url.pathname);
    if (m && this.datasets.has(m[1])) {
      const d = this.dataset(m[1]);
      const columns = [
        ...d.columns.map(([name, fieldName], i) => ({ id: 1000 + i, name, fieldName, position: i + 1, dataTypeName: 'text' })),
        // Socrata lists computed region columns too, hidden and with a system-like field name.
        { id: 9999, name: 'Counties', fieldName: ':@computed_region_abcd_1234', position: d.columns.length + 1, dataTypeName: 'number', flags: ['hidden'] },
      ];
      return { id: m[1], status: 200, type: 'application/json; charset=utf-8', body: JSON.stringify({ id: m[1], name: d.name, rowsUpdatedAt: d.rowsUpdatedAt, columns }) };
    }
    m = /^\/api\/views\/([a-z0-9]{4}-[a-z0-9]{4})\/rows\.csv$/.exec(url.pathname);
    if (m && this.datasets.has(m[1])) {
      if (query.accessType !== 'DOWNLOAD') return { id: m[1], status: 400, type: '', body: 'accessType=DOWNLOAD expected' };
      const file = this.dataset(m[1]).name.replace(/\W+/g, '_');
      return { id: m[1], status: 200, type: 'text/csv; charset=utf-8', body: this.rowsCsv(m[1]), headers: { 'Content-Disposition': `attachment; filename=${file}.csv` } };
    }
    m = /^\/resource\/([a-z0-9]{4}-[a-z0-9]{4})\.(json|csv)$/.exec(url.pathname);
    if (m && this.datasets.has(m[1])) {
      const d = this.dataset(m[1]);
      if (m[2] === 'json') {
        if (query.$select !== 'count(*)') return { id: m[1], status: 400, type: '', body: 'only $select=count(*) is served here' };
        return { id: m[1], status: 200, type: 'application/json; charset=utf-8', body: JSON.stringify([{ count: String(d.rows.length) }]) };
      }
      if (query.$order !== ':id') return { id: m[1], status: 400, type: '', body: 'pages without $order=:id may overlap' };
      // Socrata's default page is 1,000 rows, truncated without a word.
      const limit = query.$limit ? Number(query.$limit) : 1000;
      const offset = query.$offset ? Number(query.$offset) : 0;
      return {
        id: m[1],
        status: 200,
        type: 'text/csv; charset=UTF-8',
        body: this.resourceCsv(m[1], limit, offset),
        headers: { 'X-SODA2-Fields': JSON.stringify(d.columns.map(([, f]) => f)) },
      };
    }
    return null;
  }

  private log(r: PortalRequest): void {
    this.requests.push(r);
    this.emit('request', r);
  }
}
