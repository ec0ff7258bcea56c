/** Every implemented operation, by operationId. Operations missing here answer 501. */
import type { Services } from '../services.ts';
import type { HandlerMap } from './types.ts';
import { serviceHandlers } from './service.ts';
import { accountHandlers } from './account.ts';
import { carrierHandlers } from './carriers.ts';

export function handlers(services: Services): HandlerMap {
  return {
    ...serviceHandlers(services),
    ...accountHandlers(services),
    ...carrierHandlers(services),
  };
}
