/**
 * Geo search over state centroids: every carrier in a state sits at its state's centroid
 * (data/state-centroids.csv, the same file the pipeline derives carriers.lat/lon from), so a
 * radius search is a search over the states whose centroid lies within the radius.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../config.ts';

const EARTH_RADIUS_MILES = 3958.8;

export interface Centroid {
  state: string;
  lat: number;
  lon: number;
}

function loadCentroids(): Centroid[] {
  const lines = fs.readFileSync(path.join(ROOT, 'data', 'state-centroids.csv'), 'utf8').trim().split(/\r?\n/);
  return lines.slice(1).map((line) => {
    const [state, lat, lon] = line.split(',');
    return { state: state.trim(), lat: Number(lat), lon: Number(lon) };
  });
}

export const CENTROIDS: readonly Centroid[] = loadCentroids();

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function haversineMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles rounded to 0.1, as search rows carry them. */
export const roundMiles = (miles: number): number => Math.round(miles * 10) / 10;

export interface StateDistance {
  state: string;
  miles: number;
}

/**
 * The states whose centroid lies within `radius` miles of (lat, lon), nearest first (ties by
 * state code).
 */
export function statesWithin(lat: number, lon: number, radius: number): StateDistance[] {
  return CENTROIDS.map((c) => ({ state: c.state, miles: haversineMiles(lat, lon, c.lat, c.lon) }))
    .filter((s) => s.miles <= radius)
    .sort((a, b) => a.miles - b.miles || (a.state < b.state ? -1 : 1));
}
