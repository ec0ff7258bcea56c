/**
 * Webhook secrets: 32 random bytes shown as 64 lowercase hex characters. Deliveries must be
 * signed with them, so they are stored sealed (AES-256-GCM under the server secret), not hashed.
 */
import crypto from 'node:crypto';
import type { Config } from '../config.ts';
import { decrypt, encrypt, serverSecret } from '../secrets.ts';

const PURPOSE = 'webhook-secret';

type SecretConfig = Pick<Config, 'serverSecret' | 'dataDir'>;

export const newWebhookSecret = (): string => crypto.randomBytes(32).toString('hex');

export const sealWebhookSecret = (config: SecretConfig, secret: string): string => encrypt(serverSecret(config), PURPOSE, secret);

/** Throws when the server secret changed since the webhook secret was sealed. */
export const openWebhookSecret = (config: SecretConfig, sealed: string): string => decrypt(serverSecret(config), PURPOSE, sealed);
