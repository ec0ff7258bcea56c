/**
 * Request bodies. They are read after the key check and the rate limit (server/app.ts), so a
 * malformed or oversized body is counted like any request, and an endpoint that needs a key
 * answers 401 before it looks at one. An endpoint that takes JSON refuses, with 415, a body sent
 * in another type or with no Content-Type at all: express.json skips such a body, and the
 * handler would silently answer as if none had been sent.
 */
import express, { type Request, type RequestHandler } from 'express';
import { badRequest, HttpError, NOT_JSON_MESSAGE } from './errors.ts';
import { findOperation } from './openapi.ts';

const JSON_TYPES = ['application/json', 'application/*+json'];

/** Bytes follow the headers: a chunked body, or a Content-Length above zero. */
const hasBody = (req: Request) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;

export function jsonBody(limit: string): RequestHandler[] {
  const requireJson: RequestHandler = (req, _res, next) => {
    const op = findOperation(req.method, req.path);
    if (!op?.takesJson) return next();
    if (!hasBody(req)) return next(op.bodyRequired ? badRequest('A JSON body is required (Content-Type: application/json)') : undefined);
    if (req.is(JSON_TYPES)) return next();
    next(new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_JSON_MESSAGE));
  };
  return [requireJson, express.json({ limit, type: JSON_TYPES })];
}
