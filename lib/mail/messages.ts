/** The texts of the e-mails the service sends. */
import type { MailMessage } from './transport.ts';

/** The password-reset e-mail: a single-use link valid for `validMinutes`. */
export function resetPasswordMail(to: string, link: string, validMinutes: number): MailMessage {
  const text = [
    'Someone (hopefully you) asked to reset the password of your Carrier Data account.',
    '',
    `Set a new password here (the link works once, for ${validMinutes} minutes):`,
    link,
    '',
    'Setting a new password also replaces your API key: the current key stops working at once,',
    'and logging in with the new password returns the new key.',
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  ].join('\n');
  return { to, subject: 'Reset your Carrier Data password', text };
}
