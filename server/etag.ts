/**
 * ETag by ETL run (beyond the spec): a carrier answer changes only when a new run is served, so
 * the run id (plus what else shapes the answer) is a strong validator. If-None-Match → 304.
 */
import type { Request, Response } from 'express';

export const etagOf = (...parts: (string | number)[]) => `"${parts.join('-')}"`;

/** Sets the ETag and answers 304 when the client already has it; returns true when done. */
export function answeredNotModified(req: Request, res: Response, tag: string): boolean {
  res.setHeader('ETag', tag);
  res.setHeader('Cache-Control', 'no-cache');
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === tag)) {
    res.status(304).end();
    return true;
  }
  return false;
}

/** `answeredNotModified` with the tag made of `parts`. */
export const notModified = (req: Request, res: Response, ...parts: (string | number)[]) => answeredNotModified(req, res, etagOf(...parts));
