import type { Page, Request } from 'playwright-core';
import { browserAvailable, inPage, waitInPage } from './support/browser';
import { corpusPdf } from './support/paths';
import { FIRST_DRAWN_CANVAS } from './support/source-pages';
import { openProjectWithPapers, openUiSession, type UiSession } from './support/ui-session';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const WAIT = { timeout: 45_000 };
jest.setTimeout(120_000);

const GRAPH = 'Construction of the Literature Graph in Semantic Scholar';
const QUESTION = 'How are entity mentions linked to the knowledge base?';

async function ask(page: Page, question: string): Promise<Request> {
  const sent = page.waitForRequest((r) => r.url().endsWith('/chat') && r.method() === 'POST');
  await page.getByRole('textbox', { name: 'Your question' }).fill(question);
  await page.keyboard.press('Enter');
  const request = await sent;
  await page.locator('article[aria-label="Answer"][aria-busy="false"]').last().waitFor(WAIT);
  return request;
}

const run = browserAvailable() ? describe : describe.skip;

/** Asking one paper, conversations kept on the server, and the UI fixes of issue 19, with no LLM configured. */
run('the UI: one paper, conversations, and the small fixes (e2e)', () => {
  let ui: UiSession;
  let page: Page;

  beforeAll(async () => {
    ui = await openUiSession({ EMBEDDINGS: 'lexical' }, DESKTOP);
    page = ui.page;
    await openProjectWithPapers(ui, 'Scope', ['acl-N18-3011.pdf', 'arxiv-1912.10667.pdf'].map(corpusPdf), WAIT);
  }, 120_000);

  afterAll(() => ui?.close());

  it('says a duplicate upload is one, instead of letting it vanish', async () => {
    await page.getByLabel('Upload PDFs').setInputFiles(corpusPdf('acl-N18-3011.pdf'));
    const row = page.locator('.doc-duplicate');
    await row.waitFor(WAIT);
    expect(await row.innerText()).toMatch(/Duplicate[\s\S]*Already in this project/);
    await row.getByRole('button', { name: /^Dismiss/ }).click();
    await row.waitFor({ state: 'detached', ...WAIT });
  });

  it('counts one page, one section and one passage in the singular', async () => {
    await page.route(/\/projects\/[\w-]+\/documents$/, async (route) => {
      const response = await route.fetch();
      const docs = (await response.json()) as Array<Record<string, unknown>>;
      await route.fulfill({ response, json: docs.map((d, i) => (i === 0 ? { ...d, pageCount: 1, sectionCount: 1, contextCount: 1 } : d)) });
    });
    await page.reload();
    await page.getByText('1 page · 1 section · 1 passage').waitFor(WAIT);
    await page.unrouteAll({ behavior: 'wait' });
    await page.reload();
    await page.locator('.doc-list .status-ready').nth(1).waitFor(WAIT);
  });

  it('asks one paper from its row, shows it as a removable chip, and sends its article id', async () => {
    await page
      .locator('.doc-list > li', { hasText: 'acl-N18-3011.pdf' })
      .getByRole('button', { name: /^Ask about .* only$/ })
      .click();
    const chip = page.getByTestId('scope-chip');
    await chip.waitFor(WAIT);
    expect(await chip.innerText()).toContain(GRAPH);
    expect(await inPage(page, 'document.activeElement.id')).toBe('question');
    const scoped = await ask(page, QUESTION);
    const body = scoped.postDataJSON() as { articleIds?: string[]; conversationId?: string };
    expect(body.articleIds).toHaveLength(1);
    expect(body.conversationId).toEqual(expect.any(String));
    const chips = page.locator('article[aria-label="Answer"]').last().locator('.citation-chip');
    expect(await chips.count()).toBeGreaterThan(0);
    for (const label of await chips.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? '')))
      expect(label).toContain(GRAPH);
    await chip.getByRole('button', { name: /^Stop asking only/ }).click();
    await chip.waitFor({ state: 'detached', ...WAIT });
    const everywhere = await ask(page, 'What does the knowledge base contain?');
    expect((everywhere.postDataJSON() as { articleIds?: string[] }).articleIds).toBeUndefined();
  });

  it('keeps the conversation on the server: named by its first question, listed, reloaded, renamed, exported, deleted', async () => {
    const list = page.getByRole('region', { name: 'Conversations' });
    const current = list.locator('[aria-current="true"]');
    await waitInPage(
      page,
      `document.querySelector('.conversation.is-current .conversation-title')?.textContent === ${JSON.stringify(QUESTION)}`,
      null,
      WAIT,
    );
    await list.getByRole('button', { name: 'New', exact: true }).click();
    await waitInPage(page, 'document.querySelectorAll(".conversation").length === 2', null, WAIT);
    expect(await page.locator('article[aria-label="Answer"]').count()).toBe(0);
    await list.getByRole('button', { name: QUESTION }).click();
    await page.locator('article[aria-label="Answer"]').nth(1).waitFor(WAIT);
    // From the server, not this browser's cache.
    await inPage(
      page,
      'Object.keys(localStorage).filter((k) => k.startsWith("lectern.conversation.")).forEach((k) => localStorage.removeItem(k))',
    );
    await page.reload();
    await page.locator('article[aria-label="Answer"]').nth(1).waitFor(WAIT);
    expect(await page.locator('.message-user, [aria-label="Question"]').first().innerText()).toContain(QUESTION);

    await list.getByRole('button', { name: `Retitle ${QUESTION}` }).click();
    await page.getByLabel('New title of the conversation').fill('Entity linking');
    await page.keyboard.press('Enter');
    await current.getByText('Entity linking').waitFor(WAIT);
    const href = (await list.getByRole('link', { name: 'Export' }).getAttribute('href'))!;
    expect(href).toMatch(/\/conversations\/[\w-]+\/export\.md$/);
    const markdown = await (await page.request.get(ui.base + href)).text();
    expect(markdown).toMatch(/^# Entity linking\n/);
    expect(markdown).toContain(`## ${QUESTION}`);
    expect(markdown).toMatch(/\n- \[1\] Construction of the Literature Graph in Semantic Scholar — /);

    await list.getByRole('button', { name: 'Delete Entity linking' }).click();
    await list.getByRole('button', { name: 'Delete?' }).click();
    await waitInPage(page, 'document.querySelectorAll(".conversation").length === 1', null, WAIT);
  });

  it('closes the source view with Esc wherever focus is', async () => {
    await ask(page, QUESTION);
    await page.locator('.citation-chip').first().click();
    await page
      .getByRole('img', { name: /^Page \d+ of \d+$/ })
      .first()
      .waitFor(WAIT);
    await page.getByRole('textbox', { name: 'Your question' }).focus();
    await page.keyboard.press('Escape');
    await page.locator('.source-pane').waitFor({ state: 'detached', ...WAIT });
    await page.locator('.citation-chip').first().click();
    await page
      .getByRole('img', { name: /^Page \d+ of \d+$/ })
      .first()
      .waitFor(WAIT);
    await page.getByRole('button', { name: 'New', exact: true }).focus(); // in the sidebar
    await page.keyboard.press('Escape');
    await page.locator('.source-pane').waitFor({ state: 'detached', ...WAIT });
  });

  it('on a phone, keeps the no-LLM notice to one line above the answer and opens a page at the width of the screen', async () => {
    await page.setViewportSize(PHONE);
    const banner = await page.locator('.banner-info').boundingBox();
    expect(banner).not.toBeNull();
    expect(banner!.height).toBeLessThan(48);
    const messages = await page.locator('.messages').boundingBox();
    expect(messages!.y).toBeGreaterThanOrEqual(banner!.y + banner!.height);
    await page.locator('.citation-chip').first().click();
    // Measured in the page, on a drawn page's canvas: pages are drawn and dropped as the view moves, so a handle
    // taken a moment earlier may be gone. Fit width: wider than 80% of the screen, never wider than it.
    const drawnWidth = `(${FIRST_DRAWN_CANVAS}?.getBoundingClientRect().width ?? 0)`;
    await waitInPage(page, `${drawnWidth} > ${PHONE.width * 0.8} && ${drawnWidth} <= ${PHONE.width}`, null, WAIT);
    expect(ui.errors).toEqual([]);
  });
});
