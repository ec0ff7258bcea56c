/**
 * Load hooks: other tables (risk history, search index, ...) written in the same transaction as
 * a run's carriers and changes, so readers see all of a run or none of it. A hook runs after
 * carriers, policies and changes are written and before the run is marked succeeded; throwing
 * rolls the whole load back.
 *
 * @example
 *   registerLoadHook({
 *     name: 'risk_history',
 *     run: ({ ctx, client }) => copyDuckToPg(ctx, client, {
 *       select: `SELECT ... FROM ${ctx.schema}.scores`, table: 'risk_history (dot_number, ...)' }),
 *   });
 */
import type { PoolClient } from '../lib/db.ts';
import type { RunContext } from './context.ts';

export interface LoadHookArgs {
  ctx: RunContext;
  /** The load's transaction. */
  client: PoolClient;
  /**
   * full: every carrier was rewritten. incremental: only the DOTs in the temp table
   * `load_delta (dot_number, op)` (op insert/update/delete), also in DuckDB as <schema>.load_delta.
   */
  mode: 'full' | 'incremental';
}

/** What a hook's `prepare` started beside the load. */
export interface Prepared {
  /** Called when the load fails: stop the work and clean up after it. */
  abandon(): Promise<void>;
}

export interface LoadHook {
  name: string;
  /**
   * Optional: called once the load's transaction holds the load lock, before carriers are
   * written. Work it starts on connections of its own runs beside the load's writes (the search
   * rebuild of a full load: lib/search/pg-shadow.ts); `run` receives what it returns.
   */
  prepare?: (args: LoadHookArgs & { early?: Prepared }) => Promise<Prepared | undefined>;
  /**
   * Optional: work a full load will need that reads nothing but the snapshot, started before the
   * score stage when one process runs all stages of a run (pipeline/run.ts), so that it runs
   * beside it; `prepare` receives what it returns and takes it over by returning it (the load
   * abandons it otherwise). Undefined: nothing started.
   */
  early?: (ctx: RunContext) => Promise<Prepared | undefined>;
  /**
   * Optional: called in the load's transaction just before it changes carriers and
   * insurance_policies: a bulk load before its TRUNCATE, an incremental one once `load_delta`
   * holds the delta. For what must be read before the change (the implicit history versions).
   */
  beforeWrite?: (args: LoadHookArgs) => Promise<void>;
  /** Returns the rows it wrote (for the run's stage record), or nothing. */
  run: (args: LoadHookArgs & { prepared?: Prepared }) => Promise<number | void>;
}

const hooks: LoadHook[] = [];

/** Work the hooks started early, by run, until the run's load takes it or the run fails. */
const earlyWork = new Map<number, Map<LoadHook, Prepared>>();

/** Starts the hooks' early work for the run of `ctx`. */
export async function startEarlyWork(ctx: RunContext): Promise<void> {
  const started = new Map<LoadHook, Prepared>();
  earlyWork.set(ctx.runId, started);
  for (const hook of hooks) {
    // Not started is no failure: the load's prepare does the work then.
    const work = await hook.early?.(ctx).catch((err: Error) => {
      ctx.logger.warn({ hook: hook.name, err: err.message }, 'early load work not started');
      return undefined;
    });
    if (work) started.set(hook, work);
  }
}

/** The early work of `hook` for run `runId`, handed over once (the load's prepare). */
export function takeEarlyWork(runId: number, hook: LoadHook): Prepared | undefined {
  const work = earlyWork.get(runId)?.get(hook);
  earlyWork.get(runId)?.delete(hook);
  return work;
}

/** Stops the early work of run `runId` that no load took (the run failed, or a hook left it). */
export async function abandonEarlyWork(runId: number): Promise<void> {
  const left = earlyWork.get(runId);
  earlyWork.delete(runId);
  for (const work of left?.values() ?? []) await work.abandon();
}

/** Adds a hook (run in registration order); returns a function that removes it again. */
export function registerLoadHook(hook: LoadHook): () => void {
  hooks.push(hook);
  return () => {
    const i = hooks.indexOf(hook);
    if (i >= 0) hooks.splice(i, 1);
  };
}

export const loadHooks = (): readonly LoadHook[] => [...hooks];
