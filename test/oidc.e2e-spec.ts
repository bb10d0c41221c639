import { launchChromium, browserAvailable } from './support/browser';
import { runLectern } from './support/cli';
import { freePort } from './support/free-port';
import { OIDC_CLIENT, startOidcProvider, type TestOidcProvider } from './support/oidc-provider';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';

jest.setTimeout(120_000);
const WAIT = { timeout: 30_000 };
const run = browserAvailable() ? describe : describe.skip;

/**
 * "Sign in with …" against a real OpenID Connect provider (oidc-provider) on loopback, driven in Chromium. The
 * server runs as `lectern serve` (openid-client is an ES module, loaded by Node itself, not by Jest).
 */
run('OpenID Connect sign-in (e2e)', () => {
  let provider: TestOidcProvider;
  let serve: ReturnType<typeof runLectern>;
  let browser: Browser;
  let base: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-oidc-'));
    const [providerPort, apiPort] = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${apiPort}`;
    provider = await startOidcProvider(providerPort, `${base}/auth/oidc/callback`);
    serve = runLectern(['serve'], {
      LECTERN_DATA_DIR: dataDir,
      PORT: String(apiPort),
      EMBEDDINGS: 'lexical',
      INGEST_WORKER: 'off',
      LECTERN_ADMIN_EMAIL: 'admin@uni.test',
      LECTERN_ADMIN_PASSWORD: 'admin-password',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: OIDC_CLIENT.id,
      OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
      OIDC_NAME: 'University Login',
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not listening: ${serve.result.stdout}${serve.result.stderr}`)), 30_000);
      serve.child.stdout.on('data', () => {
        if (serve.result.stdout.includes('listening on')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    serve?.child.kill('SIGTERM');
    await serve?.done;
    await provider?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('signs a new user in through the provider and creates their account', async () => {
    const page = await browser.newPage();
    await page.goto(base);
    await page.getByRole('link', { name: 'Sign in with University Login' }).click();
    await page.locator('input[name=login]').fill('ada');
    await page.locator('input[name=password]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Account: ada@uni.test').waitFor(WAIT);
    const me = (await page.evaluate('fetch("/auth/me").then((r) => r.json())')) as { user: { email: string; role: string }; via: string };
    expect(me.user).toMatchObject({ email: 'ada@uni.test', role: 'user' });
    expect(me.via).toBe('session');
    // The client secret never reaches the log.
    expect(serve.result.stdout + serve.result.stderr).not.toContain(OIDC_CLIENT.secret);
  });

  it('refuses a callback whose state it did not issue', async () => {
    const res = await fetch(`${base}/auth/oidc/callback?code=forged&state=forged`, { redirect: 'manual' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toMatch(/expired or was already used/);
  });
});
