/**
 * A real webhook receiver on loopback (127.0.0.2 by default: not one of the refused host literals,
 * and Linux routes all of 127/8 to lo). It records every request with its raw body and answers as
 * `respond` says for the n-th request (1-based): a status, a status once a promise settles (the
 * test decides when, instead of a delay that a slow machine could outlast), or never.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { verify } from '@octokit/webhooks-methods';

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Date.now() when the request arrived. */
  at: number;
}

export type Answer = number | 'hang' | { status: number; after: Promise<unknown> };

export interface TestReceiver {
  url: string;
  received: ReceivedHook[];
  /** Resolves once `count` requests have arrived (rejects after timeoutMs, a safety net only). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedHook[]>;
  close: () => Promise<void>;
}

export async function startReceiver(respond: (n: number) => Answer = () => 200, host = '127.0.0.2'): Promise<TestReceiver> {
  const received: ReceivedHook[] = [];
  const sockets = new Set<Socket>();
  let waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const answer = respond(received.length);
      waiters.forEach((w) => w());
      waiters = [];
      if (answer === 'hang') return;
      const send = (status: number) => res.writeHead(status, { 'Content-Type': 'text/plain' }).end('ok');
      if (typeof answer === 'number') return send(answer);
      void answer.after.then(() => {
        if (!req.socket.destroyed) send(answer.status);
      });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/hooks/carrier-data`,
    received,
    waitFor: async (count, timeoutMs = 120_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} webhook requests, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close: async () => {
      sockets.forEach((s) => s.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Both signatures of a received request against `secret`: X-Service-Signature (checked with
 * @octokit/webhooks-methods, as a receiver would) and the Standard Webhooks `webhook-signature`. */
export async function signedWith(hook: ReceivedHook, secret: string): Promise<boolean> {
  const octokit = await verify(secret, hook.body, String(hook.headers['x-service-signature']));
  const expected = crypto
    .createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${hook.headers['webhook-id']}.${hook.headers['webhook-timestamp']}.${hook.body}`)
    .digest('base64');
  return octokit && hook.headers['webhook-signature'] === `v1,${expected}`;
}
