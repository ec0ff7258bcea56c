/**
 * helmet's security headers, worked out once. helmet() answers every request by running one
 * middleware per header (13 of them) to set the same fixed values; with no per-request options
 * (nonces and the like) set, running them once against a recorder gives the same headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

function record(): { set: [string, string][]; removed: string[] } {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let done = false;
  helmet()({} as IncomingMessage, recorder as unknown as ServerResponse, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously; its headers cannot be precomputed');
  return { set, removed };
}

const recorded = record();

/** The headers as name/value pairs, for answers written without express (server/http.ts). */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = recorded.set;

export function securityHeaders(): RequestHandler {
  const { set, removed } = recorded;
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
