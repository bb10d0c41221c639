import type { Page } from 'playwright-core';
import { browserAvailable, inPage, waitInPage } from './support/browser';
import { corpusPdf } from './support/paths';
import { DRAWN_PAGES, waitForDrawnPage } from './support/source-pages';
import { openProjectWithPapers, openUiSession, type UiSession } from './support/ui-session';

const DESKTOP = { width: 1440, height: 900 };
const WAIT = { timeout: 45_000 };
jest.setTimeout(120_000);

const QUESTION = 'How are entity mentions linked to the knowledge base?';

/** How far the top of page `n`'s slot sits below the top of the source view, in CSS px (negative: above it). */
const slotTopInView = (n: number) =>
  `(document.querySelector('.sv-slot[data-page="${n}"]').getBoundingClientRect().top - document.querySelector('.sv-scroller').getBoundingClientRect().top)`;

async function openCitation(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Your question' }).fill(QUESTION);
  await page.keyboard.press('Enter');
  const answer = page.locator('article[aria-label="Answer"][aria-busy="false"]').last();
  await answer.waitFor(WAIT);
  await answer.locator('.citation-chip').first().click();
  await waitForDrawnPage(page, WAIT);
}

const run = browserAvailable() ? describe : describe.skip;

/** The source view as one scroll through the paper, its outline, and explore turns kept on the server; no LLM. */
run('the UI: continuous source view, outline jumps, explore turns kept (e2e)', () => {
  let ui: UiSession;
  let page: Page;

  beforeAll(async () => {
    ui = await openUiSession({ EMBEDDINGS: 'lexical' }, DESKTOP);
    page = ui.page;
    await openProjectWithPapers(ui, 'Source', [corpusPdf('acl-N18-3011.pdf')], WAIT);
  }, 120_000);

  afterAll(() => ui?.close());

  it('scrolls through every page in one view, drawing pages as they come near and showing the page number', async () => {
    await openCitation(page);
    const slots = await page.locator('.source-pane .sv-slot').count();
    expect(slots).toBeGreaterThan(4);
    expect(await page.locator('.sv-page-count').innerText()).toBe(`/ ${slots}`);
    // Only the pages near the view are drawn.
    expect((await inPage<number[]>(page, DRAWN_PAGES)).length).toBeLessThan(slots);

    await page.locator('.sv-scroller').evaluate((el) => el.scrollTo({ top: 0 }));
    await waitForDrawnPage(page, WAIT, 1);
    await page.locator('.sv-scroller').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await waitInPage(page, `document.querySelector('.sv-page-badge.is-visible')?.textContent.trim() === '${slots} / ${slots}'`, null, WAIT);
    await waitInPage(page, `${DRAWN_PAGES}.includes(${slots}) && !${DRAWN_PAGES}.includes(1)`, null, WAIT);
    expect(await page.locator('.sv-page-input').inputValue()).toBe(String(slots));
    // The badge goes once the scrolling stops.
    await page.locator('.sv-page-badge:not(.is-visible)').waitFor({ state: 'attached', ...WAIT });

    // Page Up turns back one page, through the same scroll.
    await page.locator('.sv-scroller').focus();
    await page.keyboard.press('PageUp');
    await waitInPage(page, `document.querySelector('.sv-page-input').value === '${slots - 1}'`, null, WAIT);
    // A page turn lands on the page's own top edge: the margin kept above a heading is not taken here.
    await waitInPage(page, `Math.abs(${slotTopInView(slots - 1)}) < 1`, null, WAIT);
  });

  it("jumps from the outline to the heading's line, not to the top of its page", async () => {
    if ((await page.locator('.source-pane').count()) === 0) await openCitation(page);
    // A side pane too narrow for page and outline together starts with the outline closed.
    const show = page.getByRole('button', { name: 'Show outline' });
    if ((await show.count()) > 0) await show.click();
    await page.locator('.sv-outline-item').first().waitFor(WAIT);
    const entries = page.locator('.sv-outline-item:not([disabled])');
    const titles = await entries.evaluateAll((els) =>
      els.map((el) => ({
        title: el.querySelector('.sv-outline-title')?.textContent ?? '',
        page: Number(/page (\d+)/.exec(el.getAttribute('title') ?? '')?.[1] ?? 0),
      })),
    );
    // A section starting on a later page, and not at its top: a heading with text above it on the page.
    const index = titles.findIndex((t, i) => t.page >= 3 && i > 0 && titles[i - 1].page === t.page && t.title.length > 4);
    expect(index).toBeGreaterThan(0);
    const { title, page: at } = titles[index];
    await entries.nth(index).click();
    const words = JSON.stringify(title.toLowerCase().split(/\s+/).slice(0, 2).join(' '));
    // The heading's line: a text span on its page that opens with the title, within the top fifth of the view.
    const headingAtTop = `(() => {
      const scroller = document.querySelector('.sv-scroller');
      const view = scroller.getBoundingClientRect();
      const spans = [...document.querySelectorAll('.sv-slot[data-page="${at}"] .sv-text-layer span')];
      return spans.some((span) => {
        const text = span.textContent.toLowerCase().replace(/^[\\d.\\s]+/, '').replace(/\\s+/g, ' ');
        const top = span.getBoundingClientRect().top - view.top;
        return text.startsWith(${words}) && top >= -2 && top <= view.height / 5;
      });
    })()`;
    await waitInPage(page, headingAtTop, null, WAIT);
    const pageTop = await inPage<number>(page, slotTopInView(at));
    // Not the page's top: that is above the view, by the text before the heading.
    expect(pageTop).toBeLessThan(-40);
    await ui.shot('11-source-heading');
    expect(await page.locator('.sv-page-input').inputValue()).toBe(String(at));
    await page.keyboard.press('Escape');
    await page.locator('.source-pane').waitFor({ state: 'detached', ...WAIT });
  });

  it('shows an explore run, with its trail and citations, after a reload from the server', async () => {
    await page.getByRole('switch', { name: 'Explore mode' }).check();
    await page.getByRole('textbox', { name: 'Your question' }).fill('Which knowledge base do they link entities to?');
    const sent = page.waitForRequest((r) => r.url().endsWith('/explore') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Explore' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ conversationId: expect.any(String) });
    const answers = page.locator('article[aria-label="Answer"][aria-busy="false"]');
    await waitInPage(
      page,
      `document.querySelectorAll('article[aria-label="Answer"][aria-busy="false"] .trail-row').length > 0`,
      null,
      WAIT,
    );
    const steps = await answers.last().locator('.trail-row').count();
    const chips = await answers.last().locator('.citation-chip').count();
    expect(chips).toBeGreaterThan(0);

    // Nothing from this browser's cache of conversations: what shows comes from the server.
    await inPage(
      page,
      `Object.keys(localStorage).filter((key) => key.startsWith('lectern.conversation.')).forEach((key) => localStorage.removeItem(key))`,
    );
    await page.reload();
    const kept = page.locator('article[aria-label="Answer"]').last();
    await kept.locator('.trail-row').first().waitFor(WAIT);
    expect(await page.locator('article[aria-label="Your question"]').last().locator('.badge-explore').count()).toBe(1);
    expect(await kept.locator('.trail-row').count()).toBe(steps);
    expect(await kept.locator('.citation-chip').count()).toBe(chips);
    expect(ui.errors).toEqual([]);
  });
});
