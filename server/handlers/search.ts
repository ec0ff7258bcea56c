/** GET /v1/carriers/search: text, filter and geo search with exact totals (server/search/). */
import { createSearchBackend } from '../search/index.ts';
import { searchParams } from '../search/params.ts';
import { queryOf, type HandlerFactory, type JsonOf } from './types.ts';

export const searchHandlers: HandlerFactory = ({ config, pool, clock }) => {
  const backend = createSearchBackend(config, pool);
  return {
    searchCarriers: async (req, res) => {
      const params = searchParams(queryOf(req, 'searchCarriers'), clock());
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
