/** Search result rows from `carriers`, in the order a backend found them. */
import type { PoolClient } from '../../postgres.ts';
import { NATIONAL_OOS } from '../../domain.ts';
import { CENTROIDS, haversineMiles, roundMiles } from './geo.ts';
import type { SearchParams, SearchRow } from '../contract.ts';
import { queryStatement } from './statements.ts';

interface Row {
  dot_number: string;
  mc_number: string | null;
  legal_name: string;
  dba_name: string;
  city: string;
  state: string;
  status: SearchRow['status'];
  entity_type: string;
  power_units: number;
  drivers: number;
  vehicle_oos_rate: number | null;
  driver_oos_rate: number | null;
  insurance_bipd: number;
  insurance_cargo: number;
  lat: number | null;
  lon: number | null;
}

/**
 * The rows of `ids` in that order (a carrier removed since the index was read is left out);
 * geo searches add distance_miles from the search centre to the carrier's point.
 */
export async function fetchRows(
  db: Pick<PoolClient, 'query'>,
  ids: (number | string)[],
  geo: SearchParams['geo'],
): Promise<SearchRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<Row>(queryStatement('rows', [ids.map(String)]));
  const byDot = new Map(rows.map((r) => [r.dot_number, r]));
  return ids.flatMap((id) => {
    const r = byDot.get(String(id));
    return r ? [searchRow(r, geo)] : [];
  });
}

function searchRow(r: Row, geo: SearchParams['geo']): SearchRow {
  const row: SearchRow = {
    dot_number: r.dot_number,
    mc_number: r.mc_number,
    legal_name: r.legal_name,
    dba_name: r.dba_name,
    city: r.city,
    state: r.state,
    status: r.status,
    entity_type: r.entity_type,
    power_units: r.power_units,
    drivers: r.drivers,
    vehicle_oos_rate: r.vehicle_oos_rate,
    vehicle_oos_national: NATIONAL_OOS.vehicle,
    driver_oos_rate: r.driver_oos_rate,
    driver_oos_national: NATIONAL_OOS.driver,
    insurance_bipd: r.insurance_bipd,
    insurance_cargo: r.insurance_cargo,
    lat: r.lat,
    lon: r.lon,
  };
  if (geo) {
    const point = r.lat !== null && r.lon !== null ? r : CENTROIDS.find((c) => c.state === r.state);
    if (point) row.distance_miles = roundMiles(haversineMiles(geo.lat, geo.lon, point.lat!, point.lon!));
  }
  return row;
}
