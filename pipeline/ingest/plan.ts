/**
 * What a day folder holds: every file bound to its layout (pipeline/adapters), grouped by role.
 * Content decides the layout; a file named `<dataset-id>.csv` is held to its dataset. Motus files
 * must be named so: an All-With-History set and its Daily Difference share their columns.
 */
import fs from 'node:fs';
import path from 'node:path';
import datasets from '../../data/fmcsa-datasets.json' with { type: 'json' };
import type { Logger } from '../../lib/logger.ts';
import { ADAPTERS, adapterOfDataset, bindFile, datasetOfFileName, type Adapter, type Binding, type Role } from '../adapters/index.ts';
import { readFirstLine, readFirstLines } from '../csv-lines.ts';
import { InputError } from '../errors.ts';

/** A dump file of the day bound to its layout. */
export interface Planned {
  file: string;
  binding: Binding;
  adapter: Adapter;
  /** The view its rows are read through in the run's schema: `<role>_<k>`. */
  view: string;
  /** The first line as written (the header of a headered file): the delta files start with it. */
  headerLine: string | null;
}

/** A Motus dataset's files of the day: its All-With-History set, its Daily Difference, or both. */
export interface MotusFiles {
  role: Role;
  adapter: Adapter;
  full: Planned | null;
  diff: Planned | null;
}

export interface DayPlan {
  /** Census, legacy L&I and SMS files: read through views over the files themselves. */
  sources: Planned[];
  /** Motus files: applied to the Motus state the run keeps (pipeline/ingest/motus.ts). */
  motus: MotusFiles[];
}

const IGNORED = new Set(['manifest.json']);

/** Roles a day must have, and how many files each may have (AB and C sets of SMS Pass). */
const REQUIRED: Role[] = ['census', 'li_carrier', 'li_insurance', 'li_authhist', 'li_revocation', 'sms_pass', 'sms_inspection', 'sms_crash'];
/** Files an adapter may have in a day: one, or two (SMS AB and C sets; a Motus full set and its diff). */
const MAX_FILES: Partial<Record<string, number>> = {
  smsPass: 2,
  smsPassProperty: 2,
  ...Object.fromEntries(ADAPTERS.filter((a) => a.role.startsWith('motus_')).map((a) => [a.name, 2])),
};
/** Roles of one file whatever its layout (a day has one census, one Carrier file, ...). */
const SINGLE_ROLES = new Set<Role>(['census', 'li_carrier', 'li_authhist', 'li_inshist', 'li_revocation', 'sms_inspection', 'sms_crash']);
const isMotus = (role: Role) => role.startsWith('motus_');

/** Daily Difference set id → its All-With-History set id (data/fmcsa-datasets.json). */
const FULL_SET_OF = new Map<string, string>(
  datasets.datasets.flatMap((d) => ('motus' in d && d.motus ? [[d.id, d.motus]] : [])),
);

function bind(file: string, logger: Logger): Binding | null {
  const name = path.basename(file);
  if (fs.statSync(file).size === 0) {
    const dataset = datasetOfFileName(file);
    if (dataset) throw new InputError(name, null, `is empty (expected the header of ${adapterOfDataset(dataset)!.label})`);
    logger.warn({ file: name }, 'empty file of no known dataset; ignored');
    return null;
  }
  const binding = bindFile(file, readFirstLines(file, 10));
  if (!binding) logger.warn({ file: name }, 'not a published FMCSA layout; ignored');
  else if (binding.extra.length) {
    logger.warn({ file: name, layout: binding.adapter.label, columns: binding.extra }, 'columns the layout does not have; ignored');
  }
  return binding;
}

/** Binds every file of the day folder; every required role must be there. */
export function planDay(dir: string, logger: Logger): DayPlan {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new InputError(dir, null, 'is not a directory');
  const bound: Planned[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (IGNORED.has(name) || name.startsWith('.') || !fs.statSync(file).isFile()) continue;
    const binding = bind(file, logger);
    if (!binding) continue;
    const { adapter, dataset } = binding;
    if (isMotus(adapter.role) && dataset === null) {
      throw new InputError(
        name,
        null,
        `is a ${adapter.label} file: name it ${adapter.datasets[0]}.csv (All With History) or ${adapter.datasets[1]}.csv (Daily Difference)`,
      );
    }
    const same = bound.filter((p) => p.adapter === adapter || (SINGLE_ROLES.has(adapter.role) && p.adapter.role === adapter.role));
    const twin = same.find((p) => dataset !== null && p.binding.dataset === dataset);
    if (twin || same.length >= (MAX_FILES[adapter.name] ?? 1)) {
      const other = twin ?? same[0];
      throw new InputError(name, null, `is a second ${dataset ?? adapter.label} file (${path.basename(other.file)} is one already)`);
    }
    const role = bound.filter((p) => p.adapter.role === adapter.role).length + 1;
    bound.push({ file, binding, adapter, view: `${adapter.role}_${role}`, headerLine: binding.header ? readFirstLine(file) : null });
  }
  const sources = bound.filter((p) => !isMotus(p.adapter.role));
  for (const role of REQUIRED) {
    if (!sources.some((p) => p.adapter.role === role)) {
      const layouts = ADAPTERS.filter((a) => a.role === role).map((a) => a.label).join(' or ');
      throw new InputError(path.basename(dir), null, `has no ${layouts} file`);
    }
  }
  const motus = ADAPTERS.filter((a) => isMotus(a.role)).flatMap((adapter): MotusFiles[] => {
    const files = bound.filter((p) => p.adapter === adapter);
    if (files.length === 0) return [];
    const diff = files.find((p) => FULL_SET_OF.has(p.binding.dataset!)) ?? null;
    const full = files.find((p) => !FULL_SET_OF.has(p.binding.dataset!)) ?? null;
    return [{ role: adapter.role, adapter, full, diff }];
  });
  return { sources, motus };
}
