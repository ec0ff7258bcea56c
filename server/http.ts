/** Starts the HTTP server and stops it gracefully: stop accepting, finish in-flight, then close. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type express from 'express';
import { answerClientErrors } from './client-errors.ts';

export interface RunningServer {
  server: http.Server;
  url: string;
  /** Stops accepting, waits for in-flight requests (up to timeoutMs), then drops what is left. */
  close: (timeoutMs?: number) => Promise<void>;
}

export async function listen(app: express.Express, port: number, host: string): Promise<RunningServer> {
  const server = http.createServer(app);
  server.keepAliveTimeout = 5_000;
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: actual } = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    server,
    url: `http://${shownHost}:${actual}`,
    close: (timeoutMs = 10_000) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
