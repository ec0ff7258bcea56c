/**
 * The load plan: every step of a run's load transaction, in the order it runs. The load stage
 * (pipeline/stages/load.ts) is given this list; nothing registers itself anywhere.
 *
 * Why this order:
 * - The search build starts first, so that its PostgreSQL half (a connection of its own) runs
 *   beside everything after it, DuckDB's exports included.
 * - DuckDB writes every file before PostgreSQL changes anything.
 * - The implicit history rows and risk history rows of the carriers the load rewrites are read
 *   from the served tables, so they are written out before `carriers` changes them.
 * - The risk, history and search steps compare the run with what the served tables held before
 *   it, so they come after the load's own tables and before the run is marked succeeded (the
 *   last statement of the transaction, by the load itself).
 * - The watchlist fan-out is queued last: its job commits with the run or not at all.
 *
 * @example
 *   load(loadPlan(new SearchSteps()));
 */
import { writeOutHistory, writeRunHistory } from './history.ts';
import { writeOutRiskHistory, writeRisk } from './risk.ts';
import type { SearchSteps } from './search.ts';
import { exportRun, stageDelta, writeCarriers, writeChanges } from './served-tables.ts';
import type { LoadStep } from './step.ts';
import { queueWatchlistFanOut } from './watchlist-fan-out.ts';

export function loadPlan(search: SearchSteps): LoadStep[] {
  return [
    search.startBuild,
    exportRun,
    stageDelta,
    writeOutRiskHistory,
    writeOutHistory,
    writeCarriers,
    writeChanges,
    writeRisk,
    writeRunHistory,
    search.swapOrRefresh,
    queueWatchlistFanOut,
  ];
}
