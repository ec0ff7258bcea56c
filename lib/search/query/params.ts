/**
 * From the validated query of searchCarriers to SearchParams: defaults, the cross-field rules the
 * schema cannot express (InvalidSearch: the handler answers 400 INVALID_PARAM), and the
 * normalisation each filter compares in.
 */
import type { operations } from '../../../generated/openapi.ts';
import type { SearchParams, SortKey } from '../contract.ts';
import { asciiLower, asciiUpper, normalizeText, phoneDigits } from '../normalise.ts';

type Query = NonNullable<operations['searchCarriers']['parameters']['query']>;

/** A query the schema lets through that is still not a search (its message says why). */
export class InvalidSearch extends Error {}
const invalid = (message: string) => new InvalidSearch(message);

const SORTS: Record<NonNullable<Query['sort']>, SortKey> = {
  name: 'name_asc',
  name_asc: 'name_asc',
  name_desc: 'name_desc',
  dot: 'dot_asc',
  dot_asc: 'dot_asc',
  dot_desc: 'dot_desc',
  fleet_size: 'fleet_desc',
  fleet_size_asc: 'fleet_asc',
  fleet_size_desc: 'fleet_desc',
  distance: 'distance_asc',
  distance_asc: 'distance_asc',
  distance_desc: 'distance_desc',
};

/** A trimmed value, or null when absent or blank (blank text filters are ignored). */
const text = (v: string | undefined): string | null => {
  const t = v?.trim();
  return t ? t : null;
};

const nullable = (v: string | null, f: (s: string) => string): string | null => (v === null ? null : f(v));

/** The day `months` calendar months before `today` (YYYY-MM-DD), clamped to the month's end. */
function monthsBefore(today: Date, months: number): string {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(Date.UTC(y, m, Math.min(today.getUTCDate(), lastDay)));
  return d.toISOString().slice(0, 10);
}

export function searchParams(q: Query, today: Date): SearchParams {
  if ((q.lat === undefined) !== (q.lon === undefined)) {
    throw invalid('lat and lon must be given together');
  }
  const geo = q.lat !== undefined && q.lon !== undefined ? { lat: q.lat, lon: q.lon, radius: q.radius ?? 50 } : null;
  const sort = q.sort ? SORTS[q.sort] : null;
  if (sort?.startsWith('distance') && !geo) throw invalid('sort=distance needs a geo search (lat and lon)');
  if (q.fleet_min !== undefined && q.fleet_max !== undefined && q.fleet_min > q.fleet_max) {
    throw invalid('fleet_min must not be greater than fleet_max');
  }
  const qText = text(q.q);
  const phone = text(q.phone);
  const mc = text(q.mc_number);
  return {
    words: qText === null ? null : normalizeText(qText).split(' ').filter(Boolean),
    mcNumber: mc === null ? null : mc.replace(/^0+(?=\d)/, ''),
    city: nullable(text(q.city), asciiUpper),
    carrierOperation: q.carrier_operation ?? null,
    state: q.state ? q.state.toUpperCase() : null,
    status: q.status ?? 'ACTIVE',
    cargo: nullable(text(q.cargo), asciiLower),
    entityType: q.entity_type ?? null,
    officer: nullable(text(q.officer), asciiUpper),
    phone: phone === null ? null : phoneDigits(phone),
    email: nullable(text(q.email), asciiLower),
    fleetMin: q.fleet_min ?? null,
    fleetMax: q.fleet_max ?? null,
    authoritySince: q.authority_months_min === undefined ? null : monthsBefore(today, q.authority_months_min),
    geo,
    sort,
    page: q.page ?? 1,
    perPage: q.per_page ?? 25,
  };
}
