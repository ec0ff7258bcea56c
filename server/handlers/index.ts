/** Every implemented operation, by operationId. Operations missing here answer 501. */
import type { Services } from '../services.ts';
import type { HandlerMap } from './types.ts';
import { serviceHandlers } from './service.ts';
import { accountHandlers } from './account.ts';
import { carrierHandlers } from './carriers.ts';
import { changeHandlers } from './changes.ts';
import { watchlistHandlers } from './watchlist.ts';
import { webhookHandlers } from './webhook.ts';
import { riskHandlers } from './risk.ts';
import { searchHandlers } from './search.ts';
import { receiptHandlers } from './receipts.ts';
import { upcomingHandlers } from './upcoming.ts';

export function handlers(services: Services): HandlerMap {
  return {
    ...serviceHandlers(services),
    ...accountHandlers(services),
    ...carrierHandlers(services),
    ...changeHandlers(services),
    ...watchlistHandlers(services),
    ...webhookHandlers(services),
    ...riskHandlers(services),
    ...searchHandlers(services),
    ...receiptHandlers(services),
    ...upcomingHandlers(services),
  };
}
