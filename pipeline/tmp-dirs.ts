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

/** Removes the temp dirs left by stage runs whose process is gone; returns their names. */
export function removeOrphanTmpDirs(dataDir: string): string[] {
  const root = path.join(dataDir, 'tmp');
  let names: string[];
  try {
    names = fs.readdirSync(root);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(NAME.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    fs.rmSync(path.join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
