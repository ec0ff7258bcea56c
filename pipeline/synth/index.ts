/**
 * Deterministic synthetic FMCSA registry dumps: day 1 is a full population, every later day a
 * mutation of the previous one, each written to DIR/YYYY-MM-DD/ as FMCSA publishes the datasets
 * (`<dataset-id>.csv`) with a manifest.json holding exactly the changes a correct ingest and diff
 * must find (README.md in this folder).
 *
 * @example
 *   const summary = synthesize({ carriers: 20_000, days: 8, seed: 42, out: '.data/dumps' });
 */
import fs from 'node:fs';
import path from 'node:path';
import datasets from '../../data/fmcsa-datasets.json' with { type: 'json' };
import { CHANGE_CATEGORIES, SUMMARY_KEYS, type ChangeCategory } from '../../lib/domain.ts';
import { Rng } from './rng.ts';
import { dayOf, iso } from './dates.ts';
import { REG_LEGACY, STATUS_A, allocPop, clonePop, popBytes, type Pop } from './model.ts';
import { inlineCensusWriter, threadedCensusWriter, type CensusWriter } from './census-thread.ts';
import { addCarrier, newCtx, type Ctx } from './population.ts';
import { plantClusters, type Cluster } from './clusters.ts';
import { NEW_CARRIER_SHARE, randomMutations, scheduledEvents, type Day } from './mutate.ts';
import { plantEdges, type EdgeCase } from './edges.ts';
import { checkFields, diffPops, type Change } from './diff.ts';
import { linkLegacyArchives, writeDayFiles } from './write-day.ts';
import { writeLegacyArchives } from './write-legacy.ts';
import { cutoverDay, fold, isMotusHeld, settleRegistration } from './registry.ts';
import type { FileStat } from './csv.ts';

export interface SynthOptions {
  carriers: number;
  days: number;
  seed: number;
  /** Output root; day folders DIR/YYYY-MM-DD/ and DIR/clusters.json are written into it. */
  out: string;
  /** First day, YYYY-MM-DD (default 2026-11-01). */
  startDate?: string;
  /** Share of live carriers mutated per day (default 0.01). */
  churn?: number;
  /** Write the census on a second thread (default: from 100,000 carriers). Same bytes either way. */
  threads?: boolean;
  /** Called after each day folder is complete. */
  onDay?: (day: DaySummary) => void;
}

interface DaySummary {
  date: string;
  dir: string;
  carriers: number;
  active: number;
  /** Carriers whose docket has a row in the frozen legacy Carrier archive. */
  legacy_carriers: number;
  /** Carriers Motus holds (their registration is in the Motus sets). */
  motus_carriers: number;
  changes: number;
  summary: Record<string, number>;
  edge_cases: number;
  skipped_edges: string[];
  mutations: Record<string, number>;
  files: Record<string, FileStat>;
  /** Motus deletion rows per daily-difference file. */
  motus_deletions: Record<string, number>;
  ms: number;
}

export interface SynthSummary {
  out: string;
  seed: number;
  carriers: number;
  churn: number;
  start_date: string;
  /** The Motus cutover: the legacy archives state the registry as of this day. */
  cutover_date: string;
  days: DaySummary[];
  clusters: number;
  state_bytes: number;
  ms: number;
}

export interface Manifest {
  date: string;
  previous_date: string | null;
  seed: number;
  churn: number;
  /** Counts per category with the keys of GET /v1/changes, plus total_changes. */
  summary: Record<string, number>;
  changes: Change[];
  edge_cases: EdgeCase[];
}

export const DEFAULT_START_DATE = '2026-11-01';
export const DEFAULT_CHURN = 0.01;

function summarize(changes: Change[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of CHANGE_CATEGORIES) out[SUMMARY_KEYS[c]] = 0;
  for (const c of changes) out[SUMMARY_KEYS[c.category]]++;
  out.total_changes = changes.length;
  return out;
}

/** Every edge case must come out of the diff the way it was planted. */
function verifyEdges(edges: EdgeCase[], changes: Change[], date: string): void {
  const byDot = new Map<string, ChangeCategory[]>();
  for (const c of changes) {
    const list = byDot.get(c.dot_number) ?? [];
    list.push(c.category);
    byDot.set(c.dot_number, list);
  }
  for (const e of edges) {
    const cats = byDot.get(e.dot_number) ?? [];
    const found = e.category === null ? cats.length > 0 : cats.includes(e.category);
    const clean = e.expected_change ? cats.length === 1 : cats.length === 0;
    if (found !== e.expected_change || !clean) {
      throw new Error(`${date}: edge ${e.kind} on DOT ${e.dot_number} expected ${e.expected_change ? '' : 'no '}${e.category ?? 'change'}, diff found [${cats.join(', ')}]`);
    }
  }
}

function writeJson(file: string, value: unknown): void {
  fs.writeFileSync(file, JSON.stringify(value, null, 1) + '\n');
}

export function synthesize(opts: SynthOptions): SynthSummary {
  const t0 = Date.now();
  const { carriers, days, seed } = opts;
  const churn = opts.churn ?? DEFAULT_CHURN;
  const startDate = opts.startDate ?? DEFAULT_START_DATE;
  if (!Number.isInteger(carriers) || carriers < 100) throw new Error('carriers must be an integer ≥ 100');
  if (!Number.isInteger(days) || days < 1) throw new Error('days must be an integer ≥ 1');
  if (!Number.isInteger(seed)) throw new Error('seed must be an integer');
  if (!(churn >= 0 && churn <= 0.5)) throw new Error('churn must be between 0 and 0.5');
  const startDay = dayOf(startDate);
  const cutover = cutoverDay(dayOf(datasets.legacy_frozen_on), startDay);
  fs.mkdirSync(opts.out, { recursive: true });

  // Capacity: the day-1 population plus every new carrier the later days can add.
  const perDay = Math.ceil(carriers * churn * NEW_CARRIER_SHARE * 1.5) + 8;
  const threads = opts.threads ?? carriers >= 100_000;
  const pop = allocPop(carriers + (days - 1) * perDay + 16, threads);
  const ctx = newCtx(startDay, cutover);
  const rng = new Rng(seed, 0);
  for (let i = 0; i < carriers; i++) addCarrier(pop, ctx, rng, startDay, i / carriers, false);
  const clusters: Cluster[] = plantClusters(pop, ctx, new Rng(seed, 1));
  for (let s = 0; s < pop.n; s++) settleRegistration(pop, s, cutover);
  writeJson(path.join(opts.out, 'clusters.json'), { seed, carriers, start_date: startDate, clusters });

  const summary: SynthSummary = {
    out: opts.out,
    seed,
    carriers,
    churn,
    start_date: startDate,
    cutover_date: iso(cutover),
    days: [],
    clusters: clusters.length,
    state_bytes: popBytes(pop),
    ms: 0,
  };

  const census: CensusWriter = (threads && threadedCensusWriter(pop)) || inlineCensusWriter();
  const firstDir = path.join(opts.out, startDate);
  /** The legacy archives' lines and bytes: written on the first day, the same files after. */
  let legacy: Record<string, FileStat> = {};
  try {
    for (let d = 0; d < days; d++) writeDay(d);
  } finally {
    census.close();
  }
  summary.ms = Date.now() - t0;
  return summary;

  function writeDay(d: number): void {
    const td = Date.now();
    const day = startDay + d;
    const date = iso(day);
    const dir = path.join(opts.out, date);
    fs.mkdirSync(dir, { recursive: true });
    const step = d > 0 ? mutateDay(pop, ctx, new Rng(seed, 1000 + d), day, churn) : null;
    if (step) verifyEdges(step.edges, step.changes, date);
    const changes = step?.changes ?? [];
    if (d === 0) {
      // The archives state the dockets as they stood at the cutover, contract authority apart;
      // Motus holds one motor-carrier authority where they had common and contract.
      legacy = writeLegacyArchives(pop, dir, cutover);
      for (let s = 0; s < pop.n; s++) if (isMotusHeld(pop, s)) fold(pop, s);
    } else linkLegacyArchives(firstDir, dir);
    const written = writeDayFiles(pop, step?.prev ?? null, dir, day, startDay, cutover, ctx.sharedMc, census);
    const files = { ...legacy, ...written.files };
    const manifest: Manifest = {
      date,
      previous_date: d > 0 ? iso(day - 1) : null,
      seed,
      churn,
      summary: summarize(changes),
      changes,
      edge_cases: step?.edges ?? [],
    };
    writeJson(path.join(dir, 'manifest.json'), manifest);
    let alive = 0;
    let active = 0;
    let legacyCarriers = 0;
    let motusCarriers = 0;
    for (let s = 0; s < pop.n; s++) {
      if (!pop.alive[s]) continue;
      alive++;
      if (pop.status[s] === STATUS_A) active++;
      if (pop.mc[s] && pop.reg[s] & REG_LEGACY) legacyCarriers++;
      if (isMotusHeld(pop, s)) motusCarriers++;
    }
    const ds: DaySummary = {
      date,
      dir,
      carriers: alive,
      active,
      legacy_carriers: legacyCarriers,
      motus_carriers: motusCarriers,
      changes: changes.length,
      summary: manifest.summary,
      edge_cases: manifest.edge_cases.length,
      skipped_edges: step?.skipped ?? [],
      mutations: step?.mutations ?? {},
      files,
      motus_deletions: written.motus_deletions,
      ms: Date.now() - td,
    };
    summary.days.push(ds);
    opts.onDay?.(ds);
  }
}

/** Turns the state of the previous day into the next one; returns what the diff finds. */
function mutateDay(pop: Pop, ctx: Ctx, rng: Rng, day: number, churn: number) {
  const prev = clonePop(pop);
  const d: Day = { p: pop, ctx, rng, day, reserved: new Uint8Array(pop.cap), touched: new Uint8Array(pop.cap) };
  scheduledEvents(d);
  const { edges, skipped } = plantEdges(d);
  let live = 0;
  for (let s = 0; s < pop.n; s++) live += pop.alive[s];
  const mutations = randomMutations(d, Math.round(churn * live));
  const changes = diffPops(prev, pop);
  for (const c of changes) checkFields(c);
  return { prev, changes, edges, skipped, mutations };
}
