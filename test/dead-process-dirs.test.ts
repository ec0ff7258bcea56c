// The folders a killed process leaves (stage temp dirs, fetch build folders) are removed by the
// next run; those of live processes, and other names, are not.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFolder } from '../pipeline/fetch/day-folder.ts';
import { removeOrphanTmpDirs } from '../pipeline/tmp-dirs.ts';

/** The pid of a process that has exited. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid!;

function folder(...names: string[]): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dead-dirs-'));
  for (const name of names) fs.mkdirSync(path.join(root, name), { recursive: true });
  return root;
}

describe('folders of dead processes', () => {
  it('stage temp dirs: a dead run\'s goes, this process\'s, a live parent\'s and other names stay', () => {
    const dead = deadPid();
    const data = folder(`tmp/run-7-${dead}-ab12`, `tmp/run-7-${process.pid}-cd34`, `tmp/run-7-${process.ppid}-ef56`, 'tmp/keep');
    expect(removeOrphanTmpDirs(data)).toEqual([`run-7-${dead}-ab12`]);
    expect(fs.readdirSync(path.join(data, 'tmp')).sort()).toEqual([`run-7-${process.pid}-cd34`, `run-7-${process.ppid}-ef56`, 'keep'].sort());
  });

  it('no tmp folder yet: nothing to remove', () => {
    expect(removeOrphanTmpDirs(folder())).toEqual([]);
  });

  it('fetch build folders: a dead fetch\'s of the same day goes, another day\'s and a live one\'s stay', () => {
    const dead = deadPid();
    const root = folder(`.2026-05-20.fetch-${dead}`, `.2026-05-20.fetch-${process.ppid}`, `.2026-05-21.fetch-${dead}`, '.2026-05-20.fetch-x');
    const build = buildFolder(path.join(root, '2026-05-20'));
    expect(build).toBe(path.join(root, `.2026-05-20.fetch-${process.pid}`));
    expect(fs.readdirSync(root).sort()).toEqual(
      [`.2026-05-20.fetch-${process.pid}`, `.2026-05-20.fetch-${process.ppid}`, `.2026-05-21.fetch-${dead}`, '.2026-05-20.fetch-x'].sort(),
    );
  });
});
