/** GET /v1/carriers/{dot_number}/upcoming: the carrier's upcoming events (lib/foresight, docs/foresight.md). */
import { statement } from '../../lib/postgres.ts';
import { upcomingEvents, type ForesightRow } from '../../lib/foresight/events.ts';
import { timestamp } from '../carrier-view.ts';
import { answeredNotModified, etagOf } from '../etag.ts';
import { notFound } from '../errors.ts';
import { bareNumber } from './carriers.ts';
import { pathOf, type HandlerFactory, type JsonOf } from './types.ts';

type UpcomingRow = ForesightRow & { legal_name: string; served_run_id: number; data_as_of: Date };

export const upcomingHandlers: HandlerFactory = ({ pool, clock }) => ({
  getCarrierUpcoming: async (req, res) => {
    const dot = bareNumber(pathOf(req, 'getCarrierUpcoming').dot_number);
    const row = (await pool.query<UpcomingRow>(statement('api/carrier-upcoming', [dot]))).rows[0];
    if (!row) throw notFound(`No carrier with USDOT number ${dot}`);
    // Today by the service's clock (UTC): the answer moves with the day as well as with the run.
    const today = clock().toISOString().slice(0, 10);
    if (answeredNotModified(req, res, etagOf('upcoming', row.served_run_id, row.dot_number, today))) return;
    const body: JsonOf<'getCarrierUpcoming', 200> = {
      dot_number: row.dot_number,
      legal_name: row.legal_name,
      reference_date: today,
      events: upcomingEvents(row, today),
      etl_run_id: row.served_run_id,
      data_as_of: timestamp(row.data_as_of)!,
    };
    res.json(body);
  },
});
