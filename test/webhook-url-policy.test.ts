/**
 * Webhook URL rules as an attacker probes them: the refused literals in every IPv6 spelling,
 * link-local and cloud-metadata addresses (always, WEBHOOK_BLOCK_PRIVATE off), URL spellings the
 * parser would guess at, credentials in the URL, and what is stored (the parser's spelling).
 * Every refusal is a 400 INVALID_PARAM in the envelope that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalAddress } from '../lib/webhooks/addresses.ts';
import { startApp, type TestApp } from './helpers/app.ts';
import { startReceiver, type TestReceiver } from './helpers/webhook-receiver.ts';
import { signup, type TestAccount } from './helpers/watchlist-fixtures.ts';

let app: TestApp;
let receiver: TestReceiver;
let account: TestAccount;
beforeAll(async () => {
  app = await startApp({ config: { webhookBlockPrivate: false, webhookTimeoutMs: 2000 } });
  receiver = await startReceiver(() => 200);
  account = await signup(app, 'policy@example.com');
  expect((await account.api.PUT('/v1/watchlist/webhook', { body: { url: receiver.url } })).response.status).toBe(200);
});
afterAll(async () => {
  await receiver.close();
  await app.close();
});

async function expectRefused(url: string, message: RegExp) {
  const res = await account.api.PUT('/v1/watchlist/webhook', { body: { url } });
  expect(res.response.status, url).toBe(400);
  expect(res.error, url).toEqual({ error: { code: 'INVALID_PARAM', message: expect.stringMatching(message) } });
  expect((await account.api.GET('/v1/watchlist/webhook')).data!.url, url).toBe(receiver.url);
}

describe('addresses are compared after parsing', () => {
  it('canonicalAddress: one spelling per address, IPv4 carried in IPv6 as IPv4', () => {
    expect(canonicalAddress('[::ffff:127.0.0.1]')).toEqual({ address: '127.0.0.1', family: 'ipv4' });
    expect(canonicalAddress('::FFFF:7F00:1')).toEqual({ address: '127.0.0.1', family: 'ipv4' });
    expect(canonicalAddress('0:0:0:0:0:ffff:a9fe:a9fe')).toEqual({ address: '169.254.169.254', family: 'ipv4' });
    expect(canonicalAddress('::127.0.0.1')).toEqual({ address: '127.0.0.1', family: 'ipv4' });
    expect(canonicalAddress('0:0::0')).toEqual({ address: '::', family: 'ipv6' });
    expect(canonicalAddress('0:0:0:0:0:0:0:1')).toEqual({ address: '::1', family: 'ipv6' });
    expect(canonicalAddress('FD00:EC2:0::254')).toEqual({ address: 'fd00:ec2::254', family: 'ipv6' });
    expect(canonicalAddress('example.com')).toBeNull();
  });

  it('the refused host literals in IPv6 spellings → 400', async () => {
    for (const url of [
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:7f00:1]/hook',
      'http://[0:0:0:0:0:ffff:7f00:1]:8080/hook',
      'http://[::127.0.0.1]/hook',
      'http://[::]/hook',
      'http://[0::0]/hook',
      'http://[::ffff:0.0.0.0]/hook',
    ]) {
      await expectRefused(url, /is not allowed/);
    }
  });

  it('link-local and cloud-metadata literals → 400, whatever WEBHOOK_BLOCK_PRIVATE says', async () => {
    expect(app.services.config.webhookBlockPrivate).toBe(false);
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://169.254.1.1:8080/hook',
      'http://[::ffff:169.254.169.254]/latest',
      'http://[fe80::1]/hook',
      'http://[FE80::a:b:c:d]/hook',
      'http://[fd00:ec2::254]/latest',
    ]) {
      await expectRefused(url, /link-local or a cloud metadata endpoint/);
    }
  });

  it('a stored metadata URL (set before the rule) is not connected to', async () => {
    await app.db.pool.query('UPDATE webhooks SET url = $2 WHERE account_id = $1', [account.id, 'http://169.254.169.254/latest/meta-data/']);
    try {
      const res = await account.api.POST('/v1/watchlist/webhook/test');
      expect(res.data).toMatchObject({ success: false, status_code: 0, error: expect.stringContaining('blocked') });
    } finally {
      await app.db.pool.query('UPDATE webhooks SET url = $2 WHERE account_id = $1', [account.id, receiver.url]);
    }
  });
});

describe('the URL itself', () => {
  it('spellings the parser would guess at → 400, never a 500', async () => {
    for (const url of ['http:/hooks.example.com/x', 'http:\\\\hooks.example.com\\x', 'https:hooks.example.com/x', 'http:///hooks.example.com/x']) {
      await expectRefused(url, /must start with http:\/\/ or https:\/\//);
    }
  });

  it('credentials in the URL → 400, the message does not repeat them', async () => {
    for (const url of ['https://user:s3cret-pw@hooks.example.com/x', 'https://user@hooks.example.com/x', 'HTTP://user:s3cret-pw@hooks.example.com/x', 'https://:s3cret-pw@hooks.example.com/']) {
      await expectRefused(url, /must not carry a user name or password/);
      const res = await account.api.PUT('/v1/watchlist/webhook', { body: { url } });
      expect(JSON.stringify(res.error)).not.toContain('s3cret');
    }
  });

  it('longer than 2048 characters once percent-encoded → 400', async () => {
    await expectRefused(`https://hooks.example.com/${'é'.repeat(1000)}`, /at most 2048 characters/);
  });

  it('any case of scheme and host is accepted and stored in the parser\'s spelling', async () => {
    for (const [sent, stored] of [
      ['HTTP://Hooks.Example.COM/Path?Q=1', 'http://hooks.example.com/Path?Q=1'],
      ['Https://hooks.example.com', 'https://hooks.example.com/'],
      ['https://Hooks.Example.com:443/x', 'https://hooks.example.com/x'],
    ]) {
      const res = await account.api.PUT('/v1/watchlist/webhook', { body: { url: sent } });
      expect(res.response.status, sent).toBe(200);
      expect(res.data!.url).toBe(stored);
      expect((await account.api.GET('/v1/watchlist/webhook')).data!.url).toBe(stored);
    }
    await account.api.PUT('/v1/watchlist/webhook', { body: { url: receiver.url } });
  });
});
