/**
 * Contact tenure (beyond the spec; docs/contact-tenure.md): how long a carrier's phone, e-mail,
 * physical address and officers have held their values, and how often each changed in the 90 and
 * 365 days before the answer's date. Hijacked and recycled identities change their contacts just
 * before they take loads; this says so from the history the service already keeps.
 *
 * The profile queries read the carrier's versions (migration 035, carrier_contact_versions) in
 * the statement that reads the profile; this module holds the rule:
 * - a field *changed* on the first day (valid_from) of a version whose value differs from that of
 *   the version before it, gap or not (a carrier removed and served again with another phone
 *   changed its phone on the day it came back). The first version changes nothing: nothing is
 *   known before it.
 * - address: street, city, state and zip together (lat/lon follow the state); officers: the two
 *   officer names as a pair in either order (a swap of the two slots is not a change). Values are
 *   compared as the snapshot normalises them (lib/snapshot.ts); '' to a value is a change.
 * - days count from the change to the reference date (the served run's batch date, or as_of);
 *   a window of N days holds the changes with 0 ≤ days < N.
 */
import type { components } from '../generated/openapi.ts';

type ContactTenure = components['schemas']['ContactTenure'];
type FieldTenure = components['schemas']['ContactFieldTenure'];

/**
 * One version's contact columns, as carrier_contact_versions returns them:
 * [valid_from, phone, email, phy_street, phy_city, phy_state, phy_zip, officer_1, officer_2].
 */
export type ContactVersion = [string, string, string, string, string, string, string, string, string];

/** What the profile queries select as `contact_versions` (null: the history holds no version). */
export interface ContactVersions {
  reference_date: string;
  versions: ContactVersion[];
}

const TENURE_WINDOWS = [90, 365] as const;
const DAY_MS = 86_400_000;

/** The value a field is compared by (NUL cannot occur in the stored text). */
const FIELDS: Record<'phone' | 'email' | 'address' | 'officers', (v: ContactVersion) => string> = {
  phone: (v) => v[1],
  email: (v) => v[2],
  address: (v) => [v[3], v[4], v[5], v[6]].join('\u0000'),
  officers: (v) => [v[7], v[8]].sort().join('\u0000'),
};

const days = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

function fieldTenure(versions: ContactVersion[], key: (v: ContactVersion) => string, ref: string): FieldTenure {
  const changes: string[] = [];
  for (let i = 1; i < versions.length; i++) {
    if (key(versions[i]) !== key(versions[i - 1])) changes.push(versions[i][0]);
  }
  const last = changes.at(-1) ?? null;
  const within = (n: number) => changes.filter((d) => days(d, ref) < n).length;
  return {
    last_changed: last,
    days_since_change: last === null ? null : days(last, ref),
    changes_90d: within(TENURE_WINDOWS[0]),
    changes_365d: within(TENURE_WINDOWS[1]),
  };
}

/**
 * The tenure of a carrier's contacts from its versions (oldest first, none after the reference
 * date), or undefined when there are none.
 *
 * @example
 *   contactTenure({ reference_date: '2026-03-10', versions: [
 *     ['2026-03-01', '4025550100', 'a@x.com', '1 MAIN ST', 'OMAHA', 'NE', '68102', 'JANE DOE', ''],
 *     ['2026-03-08', '4025550199', 'a@x.com', '1 MAIN ST', 'OMAHA', 'NE', '68102', 'JANE DOE', ''],
 *   ]})?.phone // { last_changed: '2026-03-08', days_since_change: 2, changes_90d: 1, changes_365d: 1 }
 */
export function contactTenure(cv: ContactVersions | null | undefined): ContactTenure | undefined {
  if (!cv || cv.versions.length === 0) return undefined;
  const ref = cv.reference_date;
  return {
    reference_date: ref,
    observed_since: cv.versions[0][0],
    phone: fieldTenure(cv.versions, FIELDS.phone, ref),
    email: fieldTenure(cv.versions, FIELDS.email, ref),
    address: fieldTenure(cv.versions, FIELDS.address, ref),
    officers: fieldTenure(cv.versions, FIELDS.officers, ref),
  };
}

/**
 * What the tenure adds to a profile's ETag: its `observed_since`. For a given run (or as_of day)
 * the tenure changes only when the retention job prunes the carrier's oldest versions, and that
 * always moves the oldest version kept (migration 035).
 */
export const tenureTag = (t: ContactTenure | undefined): (string | number)[] => (t ? [t.observed_since] : []);

/** The full profile's `contact_tenure` member: present when the history holds a version. */
export function contactTenureField(cv: ContactVersions | null | undefined): { contact_tenure?: ContactTenure } {
  const t = contactTenure(cv);
  return t ? { contact_tenure: t } : {};
}
