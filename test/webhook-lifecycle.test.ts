/**
 * The webhook states of the spec's table: a disabled webhook set again with PUT is created anew
 * (a new secret, returned once, the old one signs nothing), and a test delivery to a disabled
 * webhook is refused with 409 instead of being sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers/app.ts';
import { signedWith, startReceiver, type TestReceiver } from './helpers/webhook-receiver.ts';
import { signup } from './helpers/watchlist-fixtures.ts';

let app: TestApp;
let receiver: TestReceiver;
beforeAll(async () => {
  app = await startApp({ config: { webhookTimeoutMs: 2000 } });
  receiver = await startReceiver(() => 200);
});
afterAll(async () => {
  await receiver.close();
  await app.close();
});

describe('disabled → PUT → enabled is a create', () => {
  it('a new secret is generated and returned once; deliveries are signed with it, not the old one', async () => {
    const a = await signup(app, 'recreate@example.com');
    const created = await a.api.PUT('/v1/watchlist/webhook', { body: { url: receiver.url } });
    const first = created.data!.secret!;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect((await a.api.DELETE('/v1/watchlist/webhook')).data!.enabled).toBe(false);

    const again = await a.api.PUT('/v1/watchlist/webhook', { body: { url: `${receiver.url}?again` } });
    expect(again.response.status).toBe(200);
    expect(again.data).toMatchObject({ enabled: true, url: `${receiver.url}?again`, secret: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const second = again.data!.secret!;
    expect(second).not.toBe(first);

    // Once: a further PUT on the now enabled webhook is an update, without the secret.
    const update = await a.api.PUT('/v1/watchlist/webhook', { body: { url: receiver.url } });
    expect(update.data).not.toHaveProperty('secret');
    expect((await a.api.GET('/v1/watchlist/webhook')).data).not.toHaveProperty('secret');

    expect((await a.api.POST('/v1/watchlist/webhook/test')).data!.success).toBe(true);
    const hook = receiver.received.at(-1)!;
    expect(await signedWith(hook, second)).toBe(true);
    expect(await signedWith(hook, first)).toBe(false);
  });
});

describe('a test delivery to a disabled webhook', () => {
  it('is 409 WEBHOOK_DISABLED: nothing is sent and nothing is logged', async () => {
    const a = await signup(app, 'disabled-test@example.com');
    await a.api.PUT('/v1/watchlist/webhook', { body: { url: receiver.url } });
    await a.api.DELETE('/v1/watchlist/webhook');
    const before = receiver.received.length;

    const res = await a.api.POST('/v1/watchlist/webhook/test');
    expect(res.response.status).toBe(409);
    expect(res.error).toEqual({ error: { code: 'WEBHOOK_DISABLED', message: expect.stringMatching(/disabled.*PUT \/v1\/watchlist\/webhook/) } });
    expect(receiver.received).toHaveLength(before);
    expect((await a.api.GET('/v1/watchlist/webhook/deliveries')).data!.deliveries).toEqual([]);

    // Enabled again, the test is sent.
    await a.api.PUT('/v1/watchlist/webhook', { body: { url: receiver.url } });
    expect((await a.api.POST('/v1/watchlist/webhook/test')).data!.success).toBe(true);
    expect(receiver.received).toHaveLength(before + 1);
  });
});
