/** The portal's endpoints (shared/reference/fmcsa-published-2026.md §2.1). */
import type { PortalClient } from './http.ts';

export const metadataUrl = (c: PortalClient, id: string) => `${c.baseUrl}/api/views/${id}.json`;

/** The whole dataset in one response; its header is the display names. */
export const rowsCsvUrl = (c: PortalClient, id: string) => `${c.baseUrl}/api/views/${id}/rows.csv?accessType=DOWNLOAD`;

/** Row count: exact, for checking a download is complete. */
export const countUrl = (c: PortalClient, id: string) => `${c.baseUrl}/resource/${id}.json?$select=count(*)`;

/**
 * One page of rows; its header is the field names. Always ordered by :id, or pages may overlap
 * or skip rows.
 */
export const pageUrl = (c: PortalClient, id: string, limit: number, offset: number) =>
  `${c.baseUrl}/resource/${id}.csv?$order=:id&$limit=${limit}&$offset=${offset}`;
