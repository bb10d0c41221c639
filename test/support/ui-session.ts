import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { collectPageErrors, launchChromium } from './browser';
import { REPO_ROOT } from './paths';
import { startTestApp, type TestApp } from './test-app';

/** Screenshots of each screen, for a person to look at (git-ignored). */
export const ARTIFACTS = path.join(REPO_ROOT, 'test', 'artifacts');

export interface UiSession {
  t: TestApp;
  /** The app's origin on loopback, e.g. http://127.0.0.1:41234. */
  base: string;
  browser: Browser;
  page: Page;
  /** Console errors and warnings and uncaught page errors so far. */
  errors: string[];
  shot(name: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** The real app (API, worker and built UI) listening on loopback, and a Chromium page to drive it. */
export async function openUiSession(env: Record<string, string>, viewport: { width: number; height: number }): Promise<UiSession> {
  await fs.mkdir(ARTIFACTS, { recursive: true });
  const t = await startTestApp(env);
  await t.app.listen(0, '127.0.0.1');
  const base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport, acceptDownloads: true });
  return {
    t,
    base,
    browser,
    page,
    errors: collectPageErrors(page),
    shot: (name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) }),
    close: async () => {
      await browser.close();
      await t.close();
    },
  };
}

/** Creates a project in the UI, uploads `pdfs` to it and waits until all of them are ready. */
export async function openProjectWithPapers(session: UiSession, name: string, pdfs: string[], wait: { timeout: number }): Promise<void> {
  const { page } = session;
  await page.goto(session.base);
  await page.getByLabel('New project').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/p\/[\w-]+$/, wait);
  await page.getByLabel('Upload PDFs').setInputFiles(pdfs);
  await page
    .locator('.doc-list .status-ready')
    .nth(pdfs.length - 1)
    .waitFor(wait);
}
