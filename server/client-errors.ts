/**
 * Requests Node's HTTP parser refuses before express sees them: headers over the size limit
 * (431), a malformed request line or header (400), headers too slow to arrive (408). Node answers
 * those itself with a bare status line; here they get what every other answer carries, the
 * `{error: {code, message}}` envelope and the security headers. There is no request or response
 * object at that point, so the answer is written to the socket as it is.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { components } from '../generated/openapi.ts';
import { logger } from '../lib/logger.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

type Code = components['schemas']['Error']['error']['code'];

function answerFor(err: NodeJS.ErrnoException): [number, Code, string] {
  if (err.code === 'HPE_HEADER_OVERFLOW') return [431, 'HEADERS_TOO_LARGE', 'The request headers are too large'];
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'REQUEST_TIMEOUT', 'The request headers did not arrive in time'];
  return [400, 'BAD_REQUEST', 'Malformed HTTP request'];
}

/** The raw HTTP/1.1 answer: status line, security headers, JSON envelope; the connection closes. */
function clientErrorAnswer(err: NodeJS.ErrnoException): string {
  const [status, code, message] = answerFor(err);
  const body = JSON.stringify({ error: { code, message } });
  const headers: (readonly [string, string])[] = [
    ...SECURITY_HEADERS,
    ['Content-Type', 'application/json; charset=utf-8'],
    ['Content-Length', String(Buffer.byteLength(body))],
    ['Connection', 'close'],
  ];
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n${body}`;
}

export function answerClientErrors(server: http.Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A peer that is gone, or an answer already under way on this connection (a pipelined request
    // broke mid-stream): nothing can be written that the client would read correctly.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight) {
      socket.destroy();
      return;
    }
    logger.warn({ code: err.code }, 'refused a request the HTTP parser could not read');
    socket.end(clientErrorAnswer(err));
  });
}
