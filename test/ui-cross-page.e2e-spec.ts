import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { buildCrossPagePaper, CROSS_PAGE } from './fixtures/cross-page-paper';
import { browserAvailable, waitInPage } from './support/browser';
import { waitForDrawnPage } from './support/source-pages';
import { openProjectWithPapers, openUiSession, type UiSession } from './support/ui-session';

const WAIT = { timeout: 45_000 };
jest.setTimeout(120_000);

const run = browserAvailable() ? describe : describe.skip;

/** A citation chip of a sentence printed on the second page of its passage opens the source view there; no LLM. */
run('the UI: a citation opens the page its sentence is printed on (e2e)', () => {
  let ui: UiSession;
  let page: Page;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-cross-page-'));
    const pdf = path.join(dir, 'tidal-heat.pdf');
    fs.writeFileSync(pdf, buildCrossPagePaper());
    ui = await openUiSession({ EMBEDDINGS: 'lexical' }, { width: 1440, height: 900 });
    page = ui.page;
    await openProjectWithPapers(ui, 'Pages', [pdf], WAIT);
  }, 120_000);

  afterAll(async () => {
    await ui?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows the quoted sentence page on its chip and opens the source view at it, the sentence highlighted there', async () => {
    await page.getByRole('textbox', { name: 'Your question' }).fill(CROSS_PAGE.question);
    await page.keyboard.press('Enter');
    const answer = page.locator('article[aria-label="Answer"][aria-busy="false"]').last();
    await answer.waitFor(WAIT);
    expect(await answer.innerText()).toContain('ninety days');
    // The passage starts on page 1; the sentence the answer quotes is printed on page 2.
    const chip = answer.locator('.citation-chip', { hasText: 'p. 2' }).first();
    await chip.waitFor(WAIT);
    await chip.click();
    await waitForDrawnPage(page, WAIT, 2);
    await waitInPage(page, `document.querySelector('.sv-page-input').value === '2'`, null, WAIT);
    await waitInPage(page, `document.querySelector('.sv-slot[data-page="2"] .sv-mark--quote') !== null`, null, WAIT);
    const quoted = await page.locator('.sv-slot[data-page="2"] .sv-mark--quote').allInnerTexts();
    expect(quoted.join(' ')).toContain('ninety days');
  });
});
