/**
 * Where e-mail goes: SMTP_URL when set (e.g. smtp://user:pass@relay:587, smtps://…, query options
 * such as ?ignoreTLS=true pass through to nodemailer), otherwise one .eml file per message in
 * config.outboxDir, so a fresh machine needs no mail server.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailTransport {
  /** Hands the message over (SMTP accepted it, or the file is written); rejects otherwise. */
  deliver: (message: MailMessage) => Promise<{ messageId: string }>;
  close: () => void;
}

export function createTransport(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>): MailTransport {
  const defaults = { from: config.mailFrom };
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport(config.smtpUrl, defaults);
    return {
      deliver: async (message) => {
        const info = await smtp.sendMail(message);
        return { messageId: info.messageId };
      },
      close: () => smtp.close(),
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, defaults);
  return {
    deliver: async (message) => {
      const info = await stream.sendMail(message);
      await fs.mkdir(config.outboxDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(config.outboxDir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      // 0600: the messages carry password-reset links.
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      return { messageId: info.messageId };
    },
    close: () => stream.close(),
  };
}
