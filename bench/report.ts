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
  stages: Record<string, number>;
}

export interface EndpointFigure {
  name: string;
  target?: string;
  http: LoadResult;
  sql?: { p50: number; p95: number; p99: number; rps: number };
  serverRssMb: number;
}

export interface Report {
  carriers: number;
  days: number;
  seconds: number;
  connections: number;
  bare: LoadResult;
  stages: StageFigure[];
  figures: EndpointFigure[];
  serverPeakMb: number;
}

const ms = (x: number) => (Number.isFinite(x) ? round(x, 2).toString() : '–');

export function writeReport(r: Report, file = path.join(ROOT, 'BENCHMARKS.md')): string {
  const cpu = os.cpus();
  const lines: string[] = [];
  lines.push('# Benchmarks', '');
  lines.push('Written by `npm run bench`; do not edit by hand. Rerun it to refresh every figure.', '');
  lines.push(`- Date: ${new Date().toISOString()}`);
  lines.push(`- Machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${round(os.totalmem() / 2 ** 30, 1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`);
  lines.push(`- Scale: ${r.carriers.toLocaleString('en-US')} DOT numbers × ${r.days} days`);
  lines.push(`- Load: autocannon on loopback, ${r.connections} connections, ${r.seconds} s per endpoint; the raw-SQL floor runs the same statements with pg at the same concurrency`);
  lines.push('');
  lines.push('## Pipeline', '');
  lines.push('| run | wall s | peak RSS MB | stages (s) |', '|---|---|---|---|');
  for (const s of r.stages) {
    const st = Object.entries(s.stages).map(([k, v]) => `${k} ${round(v, 1)}`).join(', ');
    lines.push(`| ${s.name} | ${round(s.seconds, 1)} | ${s.peakRssMb} | ${st || '–'} |`);
  }
  lines.push('');
  lines.push('Targets: bootstrap ≤ 300 s, incremental ≤ 60 s, pipeline peak RSS ≤ 4096 MB, index stage incremental ≤ 20 s.', '');
  lines.push('## API', '');
  lines.push(`Baseline: bare express route ${Math.round(r.bare.rps)} req/s, p50 ${ms(r.bare.p50)} ms, p99 ${ms(r.bare.p99)} ms.`, '');
  lines.push('| endpoint | p50 ms | p95 ms | p99 ms | req/s | ÷ bare req/s | SQL p50 ms | p50 ÷ SQL p50 | non-2xx | server RSS MB | target |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const f of r.figures) {
    lines.push(
      `| ${f.name} | ${ms(f.http.p50)} | ${ms(f.http.p95)} | ${ms(f.http.p99)} | ${Math.round(f.http.rps)} | ${round(f.http.rps / r.bare.rps, 2)} | ${f.sql ? ms(f.sql.p50) : '–'} | ${f.sql ? round(f.http.p50 / f.sql.p50, 1) : '–'} | ${f.http.non2xx + f.http.errors} | ${f.serverRssMb} | ${f.target ?? ''} |`,
    );
  }
  lines.push('');
  lines.push(`Server peak RSS under load: ${r.serverPeakMb} MB (target ≤ 300 MB).`, '');
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}
