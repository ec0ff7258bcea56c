/** GET /v1/health and GET /v1/meta: never rate limited, keys ignored. */
import { statement } from '../../lib/postgres.ts';
import type { HandlerFactory, JsonOf } from './types.ts';
import { spec } from '../openapi.ts';

export const serviceHandlers: HandlerFactory = ({ pool }) => ({
  getHealth: async (_req, res) => {
    const started = process.hrtime.bigint();
    let up = true;
    try {
      await pool.query('SELECT 1');
    } catch {
      up = false;
    }
    const latency = Number(process.hrtime.bigint() - started) / 1e6;
    const body: JsonOf<'getHealth', 200> = {
      status: up ? 'ok' : 'degraded',
      version: spec.info.version,
      checks: { database: { status: up ? 'ok' : 'down', latency_ms: up ? Math.round(latency * 100) / 100 : null } },
    };
    res.status(up ? 200 : 503).json(body);
  },

  getMeta: async (_req, res) => {
    const { rows } = await pool.query(statement('api/meta'));
    // timestamptz columns arrive as Date; the contract (and the response validator) wants strings.
    const fields = Object.entries(rows[0]).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]);
    const body: JsonOf<'getMeta', 200> = { ...Object.fromEntries(fields), api_version: spec.info.version };
    res.json(body);
  },
});
