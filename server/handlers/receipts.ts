/** Vetting receipts: issue, read one, list the account's; and the keys that verify them. */
import { statement } from '../../lib/postgres.ts';
import { serverSecret } from '../../lib/secrets.ts';
import { accountOf } from '../auth.ts';
import { notFound } from '../errors.ts';
import { findReceipt, issueReceipt } from '../receipts/issue.ts';
import { publishedKeys } from '../receipts/signing-keys.ts';
import { bareNumber } from './carriers.ts';
import { pathOf, queryOf, type HandlerFactory, type JsonOf } from './types.ts';

type SummaryRow = Omit<JsonOf<'listReceipts', 200>['receipts'][number], 'batch_ts' | 'issued_at'> & { batch_ts: string; issued_at: string };

export const receiptHandlers: HandlerFactory = ({ pool, clock, config }) => ({
  createReceipt: async (req, res) => {
    const body: JsonOf<'createReceipt', 201> = await issueReceipt(pool, {
      accountId: accountOf(res).id,
      dot: bareNumber(pathOf(req, 'createReceipt').dot_number),
      asOf: queryOf(req, 'createReceipt').as_of,
      now: clock(),
      secret: serverSecret(config),
    });
    res.status(201).location(`/v1/receipts/${body.id}`).json(body);
  },

  getReceipt: async (req, res) => {
    const id = pathOf(req, 'getReceipt').receipt_id;
    const receipt = await findReceipt(pool, id, accountOf(res).id);
    // Another account's receipt is as unknown as a made-up id: its existence is not disclosed.
    if (!receipt) throw notFound(`No receipt ${id} for this account`);
    const body: JsonOf<'getReceipt', 200> = receipt;
    res.json(body);
  },

  listReceipts: async (req, res) => {
    const { dot_number, page = 1, per_page = 25 } = queryOf(req, 'listReceipts');
    const dot = dot_number === undefined ? null : bareNumber(dot_number);
    const { rows } = await pool.query<{ total: number; receipts: SummaryRow[] }>(
      statement('api/receipts-list', [accountOf(res).id, dot, per_page, (page - 1) * per_page]),
    );
    const body: JsonOf<'listReceipts', 200> = {
      // json_build_object writes timestamps as PostgreSQL prints them; the contract's form is ISO's.
      receipts: rows[0].receipts.map((r) => ({
        ...r,
        batch_ts: new Date(r.batch_ts).toISOString(),
        issued_at: new Date(r.issued_at).toISOString(),
      })),
      total: rows[0].total,
      page,
      per_page,
    };
    res.json(body);
  },

  getJwks: async (_req, res) => {
    const body: JsonOf<'getJwks', 200> = { keys: (await publishedKeys(pool)).map((k) => k.jwk) };
    // Keys are only ever added; a verifier meeting an unknown kid fetches again.
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(body);
  },
});
