/**
 * A real SMTP server in-process on 127.0.0.1:0 (smtp-server), recording what it receives.
 * `failNext(n)` makes the next n messages fail with a temporary 451 to exercise retries; `hold()`
 * leaves the messages that arrive unanswered until the test releases them.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The body with quoted-printable soft breaks and escapes undone (links are whole again). */
  text: string;
}

export interface TestSmtp {
  /** For config.smtpUrl. */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the next message received from now (or one already waiting beyond `seen`); timeoutMs is a safety net. */
  nextMail: (timeoutMs?: number) => Promise<ReceivedMail>;
  failNext: (n: number) => void;
  /** Answers no message from now on until the returned function is called. */
  hold: () => () => void;
  /** Attempts refused by failNext so far. */
  refused: () => number;
  close: () => Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let consumed = 0;
  let failing = 0;
  let refused = 0;
  let held: (() => void)[] | null = null;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (held) return void held.push(answer);
        answer();
      });
      const answer = () => {
        if (failing > 0) {
          failing--;
          refused++;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      };
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    nextMail: async (timeoutMs = 120_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= consumed) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no mail arrived in time');
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      return received[consumed++];
    },
    failNext: (n) => {
      failing = n;
    },
    hold: () => {
      held ??= [];
      return () => {
        const answers = held ?? [];
        held = null;
        answers.forEach((a) => a());
      };
    },
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset token of a received reset e-mail. */
export function tokenOf(mail: ReceivedMail): string {
  const m = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m) throw new Error(`no reset link in mail:\n${mail.text}`);
  return m[1];
}
