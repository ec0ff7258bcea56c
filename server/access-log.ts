/**
 * One log line per finished request: id, method, path (never the query string: it may carry
 * e-mail addresses or tokens), status, account and time. 5xx at error (but 501, the contract
 * showing an endpoint not built yet), 4xx at warn, the rest at info.
 *
 * In place of pino-http, which made two child loggers per request and serialised the request
 * into them up front, even when the level then dropped the line.
 */
import type { RequestHandler, Response } from 'express';
import { logger, type Logger } from '../lib/logger.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Numbers the requests of this process, for the log lines about them. */
      requestId?: number;
    }
  }
}

let lastId = 0;

const levelOf = (status: number) => (status >= 500 && status !== 501 ? 'error' : status >= 400 ? 'warn' : 'info');

export const accessLog = (log: Logger = logger): RequestHandler => (req, res, next) => {
  const start = performance.now();
  const id = ++lastId;
  res.locals.requestId = id;
  let logged = false;
  const done = () => {
    if (logged) return;
    logged = true;
    const level = levelOf(res.statusCode);
    if (!log.isLevelEnabled(level)) return;
    log[level](
      {
        req: { id, method: req.method, url: req.originalUrl.split('?')[0] },
        res: { statusCode: res.statusCode },
        account_id: res.locals.account?.id,
        responseTime: Math.round(performance.now() - start),
        ...(res.writableFinished ? {} : { aborted: true }),
      },
      'request completed',
    );
  };
  res.once('finish', done);
  res.once('close', done);
  next();
};

/** A logger for lines about one request: they carry its id and account. */
export const requestLogger = (res: Response): Logger =>
  logger.child({ req_id: res.locals.requestId, account_id: res.locals.account?.id });
