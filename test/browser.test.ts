/**
 * In a real browser (Debian's `chromium`, driven by playwright-core): the password-reset link of
 * the e-mail opens a page that sets the password through the API and shows the outcome; and a
 * page on another origin calls the API with an API key (preflight and all). Where no chromium is
 * installed the suite is skipped, and its name says why.
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers/app.ts';
import { startSmtp, type TestSmtp } from './helpers/smtp.ts';

const executable = spawnSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
const SKIPPED = 'browser tests skipped: no chromium on PATH (Debian: apt-get install chromium)';
if (!executable) process.stderr.write(`${SKIPPED}\n`);
const title = executable ? 'in a real browser' : `in a real browser — ${SKIPPED}`;

describe.skipIf(!executable)(title, () => {
  let app: TestApp;
  let smtp: TestSmtp;
  let browser: Browser;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startApp({ config: { smtpUrl: smtp.url } });
    // The links in e-mails start with PUBLIC_URL: this server's, known once it listens.
    app.services.config.publicUrl = app.url;
    // --no-sandbox: CI and these machines run as root, where chromium's sandbox refuses to start.
    browser = await chromium.launch({ executablePath: executable, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  /** A fresh page that records console errors and uncaught exceptions (a CSP refusal is one). */
  async function openPage(): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(`${m.text()} (${m.location().url})`));
    page.on('pageerror', (e) => problems.push(e.message));
    return { page, problems };
  }

  async function resetLink(email: string): Promise<string> {
    await app.api.POST('/v1/auth/forgot-password', { body: { email } });
    const mail = await smtp.nextMail();
    const link = /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (!link) throw new Error(`no reset link in the mail:\n${mail.text}`);
    return link;
  }

  async function submit(page: Page, password: string, confirm = password): Promise<{ state: string; text: string }> {
    await page.fill('#password', password);
    await page.fill('#confirm', confirm);
    await page.evaluate(() => delete document.getElementById('outcome')!.dataset.state);
    await page.click('button[type=submit]');
    const outcome = await page.waitForSelector('#outcome[data-state="ok"], #outcome[data-state="error"]');
    return { state: (await outcome.getAttribute('data-state'))!, text: (await outcome.textContent())! };
  }

  it('the reset link sets the password through the API and shows the outcome', async () => {
    const { data } = await app.api.POST('/v1/auth/signup', { body: { email: 'browser@example.com', password: 'old-password' } });
    const link = await resetLink('browser@example.com');
    expect(link.startsWith(`${app.url}/reset-password?token=`)).toBe(true);

    const { page, problems } = await openPage();
    await page.goto(link);
    expect(await page.textContent('h1')).toBe('Set a new password');
    expect(new URL(page.url()).search).toBe(''); // the token left the address bar

    expect(await submit(page, 'new-password-1', 'new-password-2')).toEqual({ state: 'error', text: 'The two passwords differ.' });
    const done = await submit(page, 'new-password-1');
    expect(done.state).toBe('ok');
    expect(done.text).toMatch(/password has been set/);
    expect(await page.isVisible('#reset')).toBe(false);
    expect(problems).toEqual([]);

    const login = await app.api.POST('/v1/auth/login', { body: { email: 'browser@example.com', password: 'new-password-1' } });
    expect(login.response.status).toBe(200);
    expect(login.data!.api_key).not.toBe(data!.api_key);

    // The same link again: the API's refusal, shown on the page.
    const again = await openPage();
    await again.page.goto(link);
    expect(await submit(again.page, 'third-password')).toEqual({ state: 'error', text: 'The reset token is invalid, already used or expired' });
    expect(again.problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
  });

  it('a link without a token says so', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${app.url}/reset-password`);
    const outcome = await page.waitForSelector('#outcome[data-state="error"]');
    expect(await outcome.textContent()).toMatch(/no reset token/);
    expect(await page.isVisible('#reset')).toBe(false);
    expect(problems).toEqual([]);
  });

  it('a page on another origin calls the API with an API key and reads answers and errors', async () => {
    const { data } = await app.api.POST('/v1/auth/signup', { body: { email: 'cross-origin@example.com', password: 'longenough' } });
    const key = data!.api_key!;
    // The other origin: a second server on loopback (another port is another origin).
    const site = http.createServer((req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(`<!doctype html><body><script>
        const call = (headers) => fetch(${JSON.stringify(app.url)} + '/v1/auth/me', { headers })
          .then(async (r) => ({ status: r.status, rateLimit: r.headers.get('RateLimit'), body: await r.json() }));
        Promise.all([call({ 'X-API-Key': ${JSON.stringify(key)} }), call({})])
          .then((results) => { document.body.dataset.results = JSON.stringify(results); })
          .catch((e) => { document.body.dataset.results = JSON.stringify({ failed: String(e) }); });
      </script></body>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const { page } = await openPage();
      await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
      const results = JSON.parse((await (await page.waitForSelector('body[data-results]', { state: 'attached' })).getAttribute('data-results'))!);
      expect(results[0]).toMatchObject({ status: 200, rateLimit: expect.stringMatching(/r=\d+/), body: { email: 'cross-origin@example.com' } });
      expect(results[1]).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHORIZED' } } });
    } finally {
      site.close();
    }
  });
});
