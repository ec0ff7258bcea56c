/**
 * The stage registry. STAGE_ORDER is the pipeline; a stage runs when registered under its name
 * (score and index come from other modules: `registerStage(score)` puts it between diff and load).
 */
import { diff } from './diff.ts';
import { ingest } from './ingest.ts';
import { load } from './load.ts';
import { registerLoadHook } from '../load-hooks.ts';
import { related } from './related.ts';
import { score } from './score.ts';
import { riskLoadHook } from './score-load.ts';
import { historyHook } from './history.ts';
import { indexSearch, searchLoadHook } from './index-search.ts';
import { snapshot } from './snapshot.ts';
import type { Stage } from './types.ts';

export type { Stage, StageOptions, StageResult } from './types.ts';

export const STAGE_ORDER = ['ingest', 'snapshot', 'diff', 'related', 'score', 'load', 'index'] as const;
export type StageName = (typeof STAGE_ORDER)[number];

const registry = new Map<string, Stage>([ingest, snapshot, diff, related, score, load, indexSearch].map((s) => [s.name, s]));
// The scores and related companies are written inside the run's load transaction.
registerLoadHook(riskLoadHook);
// Point-in-time history (as_of) is written in the same transaction too.
registerLoadHook(historyHook);
// The PostgreSQL search tables follow the run inside the same transaction; `index` catches up
// (and pushes to Meilisearch when configured) after the load.
registerLoadHook(searchLoadHook);

export function registerStage(stage: Stage): void {
  if (!(STAGE_ORDER as readonly string[]).includes(stage.name)) {
    throw new Error(`stage ${stage.name} has no place in STAGE_ORDER (${STAGE_ORDER.join(', ')})`);
  }
  registry.set(stage.name, stage);
}

/** The registered stages in pipeline order. */
export const stagesInOrder = (): Stage[] => STAGE_ORDER.flatMap((n) => registry.get(n) ?? []);

export function stageByName(name: string): Stage {
  const stage = registry.get(name);
  if (!stage) throw new Error(`unknown stage "${name}" (stages: ${stagesInOrder().map((s) => s.name).join(', ')})`);
  return stage;
}
