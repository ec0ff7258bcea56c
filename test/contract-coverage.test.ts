/** Every path+method named in the interface spec appears in openapi.yaml, and nothing else does. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../lib/config.ts';
import { operations, spec } from '../server/openapi.ts';

const SPEC = path.resolve(ROOT, '..', 'shared', 'spec', 'interface-spec.md');

function specEndpoints(text: string): Set<string> {
  const found = new Set<string>();
  // "**GET /v1/carriers/{dot_number}** (O)" headings and "| GET /v1/watchlist/webhook |" table rows.
  for (const m of text.matchAll(/(GET|POST|PUT|DELETE|PATCH) (\/v1\/[A-Za-z0-9_\-/{}]+)/g)) {
    const p = m[2].replace(/\{dot\}/, '{dot_number}').replace(/\/$/, ''); // "GET /v1/changes/..." → /v1/changes
    found.add(`${m[1]} ${p}`);
  }
  return found;
}

describe('openapi.yaml covers the spec', () => {
  const text = fs.existsSync(SPEC) ? fs.readFileSync(SPEC, 'utf8') : '';
  const ours = new Set(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`));

  it.skipIf(!text)('has every endpoint of the spec', () => {
    const missing = [...specEndpoints(text)].filter((e) => !ours.has(e));
    expect(missing).toEqual([]);
  });

  it('has the 36 operations with unique operationIds', () => {
    // The spec's 31 and, beyond it, receipts ×3 and their JWKS, and a carrier's upcoming events.
    expect(operations).toHaveLength(36);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(36);
  });

  it('declares the webhook events: the spec’s two and watchlist.upcoming', () => {
    const webhooks = (spec as unknown as { webhooks: Record<string, unknown> }).webhooks;
    expect(Object.keys(webhooks).sort()).toEqual(['watchlist.changes', 'watchlist.test', 'watchlist.upcoming']);
  });
});
