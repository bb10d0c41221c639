import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, which `.ci/run` installs (`apt-get install chromium`); Playwright's own download is not used. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags a closed network needs: no background calls home, no first-run UI, no GPU in a container. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * Browser tests run wherever Chromium is installed. CI sets LECTERN_BROWSER_TESTS=required so a missing browser
 * fails the run instead of skipping; a developer without Chromium sees why the suite was skipped.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.LECTERN_BROWSER_TESTS === 'required')
    throw new Error(`Chromium not found at ${CHROMIUM}; install it with: apt-get install -y chromium`);
  console.warn(`UI tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

/**
 * Console errors and uncaught page errors, collected so a test can assert there were none. Each console message
 * names where it came from: for "Failed to load resource … 404" that is the URL that failed.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const source = message.location().url;
    errors.push(`console.${message.type()}: ${message.text()}${source ? ` (${source})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * Controls without an accessible name, and form fields without a label: each is a finding. The check runs in the
 * page; it is a string so the Node-side TypeScript needs no DOM types.
 */
export async function unlabelledControls(page: Page): Promise<string[]> {
  return (await page.evaluate(UNLABELLED_SCRIPT)) as string[];
}

const UNLABELLED_SCRIPT = `(() => {
  const findings = [];
  const name = (el) =>
    (el.getAttribute('aria-label') || '').trim() || (el.getAttribute('title') || '').trim() ||
    (el.textContent || '').trim() || (el.getAttribute('aria-labelledby') ? 'labelledby' : '');
  for (const el of document.querySelectorAll('button, a[href], [role=button]')) {
    if (!name(el)) findings.push(el.tagName.toLowerCase() + '.' + el.className);
  }
  for (const el of document.querySelectorAll('input, select, textarea')) {
    if (el.type === 'hidden') continue;
    if ((el.labels ? el.labels.length : 0) === 0 && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby')) {
      findings.push(el.tagName.toLowerCase() + '#' + (el.id || el.name || el.className));
    }
  }
  return findings;
})()`;

/** Runs a DOM expression in the page (a string, for the same reason). */
export function inPage<T>(page: Page, expression: string): Promise<T> {
  return page.evaluate(expression) as Promise<T>;
}

/**
 * `page.waitForFunction` for a string expression, polled from Node with `page.evaluate`: once the page's clock is
 * faked (`page.clock.install`), Playwright's in-page polling evaluates the string with eval, which the app's CSP
 * (no 'unsafe-eval') refuses.
 */
export async function waitInPage(page: Page, expression: string, _arg: null, options: { timeout: number }): Promise<void> {
  const deadline = Date.now() + options.timeout;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`timed out after ${options.timeout} ms waiting for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
