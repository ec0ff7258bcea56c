/** Writes BENCHMARKS.md from one benchmark run: machine, date, scale, figures, ratios, targets. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../lib/config.ts';
import type { LoadResult } from './lib/http-load.ts';
import { round } from './lib/stats.ts';

export interface StageFigure {
  name: string;
  seconds: number;
  peakRssMb: number;
  /** CPU-seconds of the run's own process (threads and children included). */
  cpuSeconds?: number;
  /** CPU-seconds of the PostgreSQL server while the run ran. */
  postgresCpuSeconds?: number;
  /** The machine's cores busy on average while the run ran. */
  busyCores?: number;
  stages: Record<string, number>;
  /** Seconds of the search index refresh inside the run's load. */
  searchRefresh?: number;
}

/** An endpoint's targets (ms; bareShare: a fraction of the bare route's req/s). */
export interface Target {
  p50?: number;
  p95?: number;
  p99?: number;
  bareShare?: number;
}

export interface EndpointFigure {
  name: string;
  target?: Target;
  /** Answers are meant to be 304, so non-2xx is what is expected. */
  notModified?: boolean;
  http: LoadResult;
  sql?: { p50: number; p95: number; p99: number; rps: number };
  serverRssMb: number;
}

export interface Report {
  carriers: number;
  days: number;
  seconds: number;
  /** Each class (and the bare route) ran in this many interleaved rounds of seconds / rounds. */
  rounds: number;
  connections: number;
  bare: LoadResult;
  stages: StageFigure[];
  figures: EndpointFigure[];
  serverPeakMb: number;
  /** Seconds of the VACUUM (ANALYZE) run between the pipeline and the API phase, when it ran. */
  vacuumSeconds?: number;
  /** With --reuse: when the kept pipeline run (whose figures are reported) was measured. */
  pipelineMeasuredAt?: Date;
  /** With --reference: the pipeline figures of a run of this host at another scale. */
  reference?: { carriers: number; measuredAt: string; stages: StageFigure[] };
}

const ms = (x: number) => (Number.isFinite(x) ? round(x, 2).toString() : '–');

/** At the published size (4.5M census rows, --scale 1). */
const PIPELINE_TARGETS = { bootstrap: 600, incremental: 90, rssMb: 4096, searchIndex: 20, serverRssMb: 300 };

/** A per-row cost this much above the reference's is a regression to explain or fix. */
const PER_ROW_REGRESSION = 0.15;

const perMillion = (s: StageFigure, carriers: number) => s.seconds / (carriers / 1e6);

const targetText = (t: Target) =>
  [
    t.p50 !== undefined && `p50 ≤ ${t.p50} ms`,
    t.p95 !== undefined && `p95 ≤ ${t.p95} ms`,
    t.p99 !== undefined && `p99 ≤ ${t.p99} ms`,
    t.bareShare !== undefined && `≥ ${t.bareShare * 100}% of bare req/s`,
  ]
    .filter(Boolean)
    .join(', ');

/** Answers of a class that are not what it asks for (errors, or 2xx/304 the other way round). */
const unexpectedAnswers = (f: EndpointFigure) => (f.notModified ? f.http.requests - f.http.non2xx : f.http.non2xx) + f.http.errors;

/** The parts of a target a figure misses, as text ('' when it meets them all). */
function misses(f: EndpointFigure, bareRps: number): string {
  const t = f.target ?? {};
  const out: string[] = [];
  if (unexpectedAnswers(f) > 0) out.push(`${unexpectedAnswers(f)} unexpected answers (its figures do not count)`);
  for (const k of ['p50', 'p95', 'p99'] as const) {
    const limit = t[k];
    if (limit !== undefined && f.http[k] > limit) out.push(`${k} ${ms(f.http[k])} ms > ${limit}`);
  }
  if (t.bareShare !== undefined && f.http.rps / bareRps < t.bareShare) {
    out.push(`${Math.round((f.http.rps / bareRps) * 100)}% of bare req/s < ${t.bareShare * 100}%`);
  }
  return out.join(', ');
}

/** CPU-seconds as written: whole seconds, tenths below ten. */
const cpuSecs = (x: number) => round(x, x < 10 ? 1 : 0);

/**
 * What a run's CPU says: with every core busy, its CPU-seconds divided by the cores is the least
 * wall time it could take, whatever the order of its work.
 */
function cpuText(s: StageFigure): string | null {
  if (s.cpuSeconds === undefined || s.postgresCpuSeconds === undefined || s.busyCores === undefined) return null;
  const total = s.cpuSeconds + s.postgresCpuSeconds;
  const cores = os.cpus().length;
  const floor = total / cores;
  return (
    `CPU: ${cpuSecs(total)} s (pipeline ${cpuSecs(s.cpuSeconds)} + PostgreSQL ${cpuSecs(s.postgresCpuSeconds)}), ` +
    `${round(s.busyCores, 2)} of ${cores} cores busy on average. With every core busy throughout it would take ` +
    `${round(floor, 1)} s: overlapping its work better saves at most ${round(Math.max(0, s.seconds - floor), 1)} s, beyond that only less CPU shortens it.`
  );
}

/** Pipeline targets met or missed, one line each. */
function pipelineVerdicts(r: Report): string[] {
  const out: string[] = [];
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  for (const s of r.stages) {
    const limit = PIPELINE_TARGETS[s.name as 'bootstrap' | 'incremental'];
    if (limit === undefined) continue;
    const [top, secs] = Object.entries(s.stages).sort((a, b) => b[1] - a[1])[0] ?? ['–', 0];
    out.push(
      `- ${s.name}: ${round(s.seconds, 1)} s against ≤ ${limit} s, ${verdict(s.seconds <= limit)}; ` +
        `its largest stage is ${top} (${round(secs, 1)} s, ${Math.round((secs / s.seconds) * 100)}% of the run).`,
    );
    const cpu = cpuText(s);
    if (cpu) out.push(`  ${cpu}`);
  }
  const peak = Math.max(...r.stages.filter((s) => PIPELINE_TARGETS[s.name as 'bootstrap'] !== undefined).map((s) => s.peakRssMb));
  out.push(`- pipeline peak RSS: ${peak} MB against ≤ ${PIPELINE_TARGETS.rssMb} MB, ${verdict(peak <= PIPELINE_TARGETS.rssMb)}.`);
  const inc = r.stages.find((s) => s.name === 'incremental');
  if (inc?.searchRefresh !== undefined) {
    const idx = inc.searchRefresh + (inc.stages['search-index'] ?? 0);
    out.push(
      `- search index, incremental: ${round(idx, 1)} s (refresh inside the load ${round(inc.searchRefresh, 1)} s + search-index stage ` +
        `${round(inc.stages['search-index'] ?? 0, 1)} s) against ≤ ${PIPELINE_TARGETS.searchIndex} s, ${verdict(idx <= PIPELINE_TARGETS.searchIndex)}.`,
    );
  }
  return out;
}

/** A plain reading: what misses, and where each endpoint's time goes (against its SQL floor). */
function reading(r: Report): string[] {
  const out = ['## Reading', '', 'Generated from the figures above.', '', ...pipelineVerdicts(r)];
  // autocannon counts answers outside 2xx; for the revalidation class those are the 304s.
  const broken = r.figures.filter((f) => unexpectedAnswers(f) > 0);
  for (const f of broken) out.push(`- **${f.name}**: ${unexpectedAnswers(f)} answers were not what the class asks for; its figures measure those, not the endpoint.`);
  out.push(`- server peak RSS under load: ${r.serverPeakMb} MB against ≤ ${PIPELINE_TARGETS.serverRssMb} MB, ${r.serverPeakMb <= PIPELINE_TARGETS.serverRssMb ? 'met' : '**missed**'}.`);
  const withTargets = r.figures.filter((f) => f.target);
  const missed = withTargets.map((f) => [f, misses(f, r.bare.rps)] as const).filter(([, m]) => m);
  out.push(`- endpoint targets: ${withTargets.length - missed.length} of ${withTargets.length} classes meet theirs.`);
  for (const [f, m] of missed) out.push(`  - **${f.name}** misses: ${m}.`);
  const outside = r.figures.filter((f) => f.sql && f.http.p50 / f.sql.p50 >= 3).map((f) => f.name);
  const inside = r.figures.filter((f) => f.sql && f.http.p50 / f.sql.p50 < 1.5).map((f) => f.name);
  if (outside.length) {
    out.push(`- p50 at least 3× its SQL floor (time goes to Node: HTTP, middleware, validation, JSON, and the CPU the server takes from PostgreSQL on 2 shared cores): ${outside.join('; ')}.`);
  }
  if (inside.length) out.push(`- p50 within 1.5× its SQL floor (the database's work is the cost): ${inside.join('; ')}.`);
  out.push('');
  return out;
}

function pipelineTable(stages: StageFigure[], carriers: number): string[] {
  const lines = ['| run | wall s | s per M census rows | peak RSS MB | CPU s: own + PostgreSQL | cores busy | stages (s) |', '|---|---|---|---|---|---|---|'];
  for (const s of stages) {
    const st = Object.entries(s.stages).map(([k, v]) => `${k} ${round(v, 1)}`).join(', ');
    const cpu = s.cpuSeconds === undefined ? '–' : `${cpuSecs(s.cpuSeconds)}${s.postgresCpuSeconds === undefined ? '' : ` + ${cpuSecs(s.postgresCpuSeconds)}`}`;
    const busy = s.busyCores === undefined ? '–' : round(s.busyCores, 2);
    lines.push(`| ${s.name} | ${round(s.seconds, 1)} | ${round(perMillion(s, carriers), 1)} | ${s.peakRssMb} | ${cpu} | ${busy} | ${st || '–'} |`);
  }
  lines.push('');
  return lines;
}

/** The reference run's table, and each run's time per million census rows against it. */
function referenceSection(r: Report): string[] {
  const ref = r.reference!;
  const lines = [
    `The same pipeline at ${ref.carriers.toLocaleString('en-US')} census rows on this host (\`--reference\`, measured ${ref.measuredAt}):`,
    '',
    ...pipelineTable(ref.stages, ref.carriers),
  ];
  for (const s of r.stages) {
    const other = ref.stages.find((x) => x.name === s.name);
    if (!other) continue;
    const ratio = perMillion(s, r.carriers) / perMillion(other, ref.carriers);
    const note = ratio > 1 + PER_ROW_REGRESSION ? ` — **more than ${PER_ROW_REGRESSION * 100} % above**: explain or fix` : '';
    lines.push(`- ${s.name}: ${round(perMillion(s, r.carriers), 1)} s per million census rows against ${round(perMillion(other, ref.carriers), 1)}, ×${round(ratio, 2)}${note}.`);
  }
  lines.push('');
  return lines;
}

export function writeReport(r: Report, file = path.join(ROOT, 'BENCHMARKS.md')): string {
  const cpu = os.cpus();
  const lines: string[] = [];
  lines.push('# Benchmarks', '');
  lines.push('Written by `npm run bench`; do not edit by hand. Rerun it to refresh every figure.', '');
  lines.push(`- Date: ${new Date().toISOString()}`);
  lines.push(`- Machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${round(os.totalmem() / 2 ** 30, 1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`);
  lines.push(`- Scale: ${r.carriers.toLocaleString('en-US')} census rows × ${r.days} days (the generator writes the published layouts: pipeline/synth/README.md)`);
  lines.push(
    `- Load: autocannon on loopback, ${r.connections} connections, ${r.seconds} s per endpoint in ${r.rounds} interleaved rounds ` +
      `(every class, the bare route too, ${round(r.seconds / r.rounds, 1)} s in each round; percentiles over all of a class's samples); ` +
      'the raw-SQL floor runs the same statements with pg at the same concurrency',
  );
  lines.push('');
  lines.push('## Pipeline', '');
  if (r.pipelineMeasuredAt) {
    lines.push(`From the kept run of ${r.pipelineMeasuredAt.toISOString()} (\`--reuse\`): the API below was measured again on its database, the pipeline was not run.`, '');
  }
  lines.push(...pipelineTable(r.stages, r.carriers));
  if (r.reference) lines.push(...referenceSection(r));
  const inc = r.stages.find((s) => s.name === 'incremental');
  if (inc?.searchRefresh !== undefined) lines.push(`Search index refresh inside the incremental load: ${round(inc.searchRefresh, 1)} s.`, '');
  lines.push(
    `Targets at the published size (4.5M census rows): bootstrap ≤ ${PIPELINE_TARGETS.bootstrap} s, incremental ≤ ${PIPELINE_TARGETS.incremental} s, ` +
      `pipeline peak RSS ≤ ${PIPELINE_TARGETS.rssMb} MB, search index incremental ≤ ${PIPELINE_TARGETS.searchIndex} s.`,
    '',
  );
  lines.push('## API', '');
  if (r.vacuumSeconds !== undefined) {
    lines.push(`Measured after a \`VACUUM (ANALYZE)\` of the database (${round(r.vacuumSeconds, 1)} s), the state autovacuum leaves after a night's load, so that no class runs beside it.`, '');
  }
  lines.push(`Baseline: bare express route ${Math.round(r.bare.rps)} req/s, p50 ${ms(r.bare.p50)} ms, p99 ${ms(r.bare.p99)} ms.`, '');
  lines.push(
    'Before the rounds, every class but the two of every DOT or MC new sent each of its requests twice, unmeasured. The profile, ' +
      'safety and insurance classes rotate over 2,000 DOT numbers, and bulk-by-MC over 5,000 MC numbers, so they are answered ' +
      'from the server\'s carrier cache (`server/carrier-cache.ts`, which keeps an answer, or an MC number\'s profiles, from ' +
      'its second request on), not the database. The classes of every DOT or MC new ask each of their numbers once (or, ' +
      'for MC numbers, again only after 750,000 others, long forgotten by the cache): each of their answers is read from ' +
      'the database.',
    '',
  );
  lines.push('| endpoint | p50 ms | p95 ms | p99 ms | req/s | ÷ bare req/s | SQL p50 ms | p50 ÷ SQL p50 | unexpected answers | server RSS MB | target |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const f of r.figures) {
    const unexpected = unexpectedAnswers(f);
    lines.push(
      `| ${f.name} | ${ms(f.http.p50)} | ${ms(f.http.p95)} | ${ms(f.http.p99)} | ${Math.round(f.http.rps)} | ${round(f.http.rps / r.bare.rps, 2)} | ${f.sql ? ms(f.sql.p50) : '–'} | ${f.sql ? round(f.http.p50 / f.sql.p50, 1) : '–'} | ${unexpected} | ${f.serverRssMb} | ${f.target ? targetText(f.target) : ''} |`,
    );
  }
  lines.push('');
  lines.push(`Server peak RSS under load: ${r.serverPeakMb} MB (target ≤ 300 MB).`, '');
  lines.push(...reading(r));
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}
