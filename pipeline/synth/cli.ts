/**
 * `synth --carriers N --days D --seed S --out DIR [--start YYYY-MM-DD] [--churn 0.01]`
 * Writes the synthetic dumps and prints one line per day plus a JSON summary.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_CHURN, DEFAULT_START_DATE, synthesize, type SynthSummary } from './index.ts';

const USAGE = 'usage: synth --carriers N --days D --seed S --out DIR [--start YYYY-MM-DD] [--churn 0.01]';

const HELP = `usage: npm run pipeline -- synth --carriers N --days D --seed S --out DIR [--start YYYY-MM-DD] [--churn 0.01]

Writes a synthetic registry in the FMCSA published layouts, one folder per day (YYYY-MM-DD),
the same for the same arguments. The first npm start builds its sample with --carriers 20000
--days 8 --seed 42 --start <7 days before today> (SAMPLE_CARRIERS, SAMPLE_DAYS, SAMPLE_SEED).

  --carriers N           carriers in the registry (the real one has about 2,100,000)
  --days D               consecutive days to write
  --seed S               seed of the generator
  --out DIR              where the day folders go
  --start YYYY-MM-DD     the first day (default ${DEFAULT_START_DATE})
  --churn F              share of carriers changed each day (default ${DEFAULT_CHURN})
  --help                 this text`;

function int(name: string, v: string | undefined): number {
  if (v === undefined || !/^\d+$/.test(v)) throw new Error(`--${name} must be a non-negative integer\n${USAGE}`);
  return Number(v);
}

/** Runs the generator as the command line asks; null when it asked for --help (printed). */
export function runSynthCli(argv: string[]): SynthSummary | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      help: { type: 'boolean', short: 'h', default: false },
      carriers: { type: 'string' },
      days: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      start: { type: 'string', default: DEFAULT_START_DATE },
      churn: { type: 'string', default: String(DEFAULT_CHURN) },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return null;
  }
  if (!values.out) throw new Error(`--out is required\n${USAGE}`);
  const churn = Number(values.churn);
  let lastCpu = process.cpuUsage();
  if (!Number.isFinite(churn)) throw new Error(`--churn must be a number\n${USAGE}`);
  const summary = synthesize({
    carriers: int('carriers', values.carriers),
    days: int('days', values.days),
    seed: int('seed', values.seed),
    out: values.out,
    startDate: values.start,
    churn,
    onDay: (d) => {
      const rss = Math.round(process.memoryUsage().rss / 1_048_576);
      const cpu = process.cpuUsage(lastCpu);
      lastCpu = process.cpuUsage();
      process.stdout.write(
        `${d.date}: ${d.carriers} carriers (${d.active} active, ${d.legacy_carriers} with a legacy docket, ${d.motus_carriers} held by Motus), ` +
          `${d.changes} changes, ${d.edge_cases} edge cases, ` +
          `${(d.ms / 1000).toFixed(1)} s (cpu ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s), rss ${rss} MB\n`,
      );
    },
  });
  const { days, ...rest } = summary;
  // Records per file (its header line not counted).
  const rows = (d: (typeof days)[number]) => Object.fromEntries(Object.entries(d.files).map(([f, s]) => [f, s.rows - 1]));
  process.stdout.write(JSON.stringify({ ...rest, days: days.map((d) => ({ date: d.date, carriers: d.carriers, changes: d.changes, rows: rows(d), ms: d.ms })) }) + '\n');
  return summary;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    runSynthCli(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(2);
  }
}
