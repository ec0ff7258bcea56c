/** GET /v1/carriers/search: text, filter and geo search with exact totals (lib/search/). */
import { createSearchBackend, InvalidSearch, searchParams, type SearchParams } from '../../lib/search/index.ts';
import { badRequest } from '../errors.ts';
import { queryOf, type HandlerFactory, type JsonOf } from './types.ts';

export const searchHandlers: HandlerFactory = ({ config, pool, clock }) => {
  const backend = createSearchBackend(config, pool);
  return {
    searchCarriers: async (req, res) => {
      let params: SearchParams;
      try {
        params = searchParams(queryOf(req, 'searchCarriers'), clock());
      } catch (err) {
        throw err instanceof InvalidSearch ? badRequest(err.message) : err;
      }
      const { rows, total } = await backend.search(params);
      const body: JsonOf<'searchCarriers', 200> = {
        data: rows,
        pagination: {
          page: params.page,
          per_page: params.perPage,
          total,
          total_pages: Math.ceil(total / params.perPage),
        },
      };
      res.json(body);
    },
  };
};
