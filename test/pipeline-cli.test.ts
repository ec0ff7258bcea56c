/**
 * The pipeline's command line explains itself: `npm run pipeline -- COMMAND --help` prints each
 * command's options (and opens no database), and README's synth example is the command line the
 * first `npm start` runs for its sample.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, ROOT } from '../lib/config.ts';
import { sampleSynthArgs } from '../server/sample.ts';

/** `npm run pipeline -- …args` as a user types it; DATABASE_URL points nowhere, so --help must not connect. */
function pipeline(...args: string[]) {
  const r = spawnSync('npm', ['run', '--silent', 'pipeline', '--', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:9/none' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('--help', () => {
  it.each([
    ['synth', ['--carriers', '--days', '--seed', '--out', '--start', '--churn']],
    ['run', ['--input', '--full', '--allow-mass-removal']],
    ['stage', ['NAME', '--run', '--full', '--allow-mass-removal', 'ingest, snapshot']],
    ['status', ['--json']],
  ])('%s --help prints its options and exits 0', (command, options) => {
    const { code, stdout, stderr } = pipeline(command, '--help');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^usage: npm run pipeline -- ${command} `));
    for (const option of options) expect(stdout, option).toContain(option);
  });

  it('--help and help list the commands; a command that does not exist is refused', () => {
    for (const args of [['--help'], ['help']]) {
      const { code, stdout } = pipeline(...args);
      expect(code).toBe(0);
      for (const command of ['run', 'stage', 'status', 'synth']) expect(stdout).toContain(`npm run pipeline -- ${command} `);
    }
    const unknown = pipeline('frobnicate', '--help');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^unknown command "frobnicate"/);
  });
});

describe("README's synth example", () => {
  const saved = Object.fromEntries(['SAMPLE_CARRIERS', 'SAMPLE_DAYS', 'SAMPLE_SEED'].map((k) => [k, process.env[k]]));
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('is the command line of the first-start sample', () => {
    const line = fs
      .readFileSync(path.join(ROOT, 'README.md'), 'utf8')
      .split('\n')
      .find((l) => l.startsWith('npm run pipeline -- synth '));
    expect(line).toBeDefined();
    const command = line!.replace(/\s+#.*$/, '').replace('npm run pipeline -- ', '');
    // The shell's reading of it, $(date …) included.
    const args = execFileSync('bash', ['-c', `printf '%s\\0' ${command}`], { encoding: 'utf8' }).split('\0').slice(0, -1);
    for (const k of Object.keys(saved)) delete process.env[k];
    expect(args).toEqual(sampleSynthArgs(loadConfig(), 'DIR', new Date()));
  });
});
