/**
 * The stage runs' temp dirs under DATA_DIR/tmp (`run-<etl_run_id>-<pid>-<random>`, see
 * context.ts). A stage removes its own when it ends; a pipeline killed outright cannot, so each
 * stage run first removes those of processes that no longer exist.
 */
import fs from 'node:fs';
import path from 'node:path';

const NAME = /^run-\d+-(\d+)-[0-9a-f]+$/;

/** Whether a process with this pid exists (EPERM: it does, under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the folders in `parent` whose owning process is gone (`pidOf` reads the owner's pid
 * from a folder's name; NaN: not such a folder); returns their names. Shared with
 * the fetch's build folders, which a killed fetch leaves the same way.
 */
export function removeDirsOfDeadProcesses(parent: string, pidOf: (name: string) => number): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(parent);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = pidOf(name);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || alive(pid)) continue;
    fs.rmSync(path.join(parent, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** Removes the temp dirs left by stage runs whose process is gone; returns their names. */
export function removeOrphanTmpDirs(dataDir: string): string[] {
  return removeDirsOfDeadProcesses(path.join(dataDir, 'tmp'), (name) => Number(NAME.exec(name)?.[1]));
}
