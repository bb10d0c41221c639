import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import type { Page, Response as PageResponse, Route } from 'playwright-core';
import { startOpenAiReplay, type ChatRequest, type OpenAiReplay } from './replay/openai.replay-server';
import { browserAvailable, inPage, unlabelledControls, waitInPage } from './support/browser';
import { corpusPdf } from './support/paths';
import { waitForDrawnPage } from './support/source-pages';
import { openUiSession, type UiSession } from './support/ui-session';

const PAPERS = ['acl-N18-3011.pdf', 'arxiv-1912.10667.pdf'];
const DESKTOP = { width: 1440, height: 900 };
const TABLET = { width: 1000, height: 800 };
const PHONE = { width: 390, height: 844 };
/** Generous: ingest and Chromium share two cores with the other suites; under the test timeout, so a miss says where. */
const WAIT = { timeout: 45_000 };
jest.setTimeout(120_000);

/** The model's side of the chat: a cited answer with inline math, streamed word by word by the replay. */
const CHAT_ANSWER =
  'Mentions are first found by an entity extraction model, then each span is linked to its knowledge-base entity [1]. ' +
  'Candidates are scored by similarity, $s(m, e) = \\cos(v_m, v_e)$, and the best one is kept [2].';

/** The model's side of explore: search, jump to the best hit's section, read on, answer citing that section. */
function exploreScript(): (request: ChatRequest) => { toolCalls: Array<{ name: string; arguments: string }> } {
  let call = 0;
  let section = '';
  return (request) => {
    call += 1;
    if (call === 2) section = /section_id=([\w-]+)/.exec(request.messages.at(-1)?.content ?? '')?.[1] ?? '';
    const steps = [
      { name: 'search', arguments: JSON.stringify({ query: 'knowledge base entity linking', k: 5 }) },
      { name: 'read', arguments: JSON.stringify({ section }) },
      { name: 'next', arguments: '{}' },
      {
        name: 'answer',
        arguments: JSON.stringify({ text: 'Entities are linked against a knowledge base of concepts.', citations: [section] }),
      },
    ];
    return { toolCalls: [steps[Math.min(call, steps.length) - 1]] };
  };
}

const run = browserAvailable() ? describe : describe.skip;

run('the course-assistant UI in Chromium (e2e)', () => {
  let replay: OpenAiReplay;
  let ui: UiSession;
  let base: string;
  let page: Page;
  const shot = (name: string) => ui.shot(name);

  beforeAll(async () => {
    replay = await startOpenAiReplay();
    let explore = exploreScript();
    replay.script((request) => {
      if (!request.tools) return { content: CHAT_ANSWER };
      if (request.messages.filter((m) => m.role === 'tool').length === 0) explore = exploreScript();
      return explore(request);
    });
    const llm = { OPENAI_BASE_URL: replay.url, LLM_MODEL: 'llama3.2', LLM_SMALL_MODEL: 'llama3.2:1b', LLM_TIMEOUT_SECONDS: '20' };
    ui = await openUiSession({ EMBEDDINGS: 'lexical', ...llm }, DESKTOP);
    ({ base, page } = ui);
  }, 120_000);

  afterAll(async () => {
    await ui?.close();
    await replay?.close();
  });

  it('creates a project and puts it in the URL', async () => {
    await page.goto(base);
    await page.getByRole('heading', { name: 'Welcome to Lectern' }).waitFor(WAIT);
    await shot('01-welcome');
    await page.getByLabel('New project').fill('BIOL 301 — Reading group');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/p\/[\w-]+$/, WAIT);
    await page.getByRole('heading', { name: 'BIOL 301 — Reading group', exact: true }).waitFor(WAIT);
  });

  it('uploads two PDFs and shows each through its stages to ready, with its counts', async () => {
    await page.getByLabel('Upload PDFs').setInputFiles(PAPERS.map(corpusPdf));
    const rows = page.locator('.doc-list > li');
    await page.locator('.doc-list .status-ready').nth(1).waitFor(WAIT);
    expect(await rows.count()).toBe(2);
    for (const text of await rows.allInnerTexts()) expect(text).toMatch(/\d+ pages · \d+ sections · \d+ passages/);
    // A ready paper goes by its title, with the file it came from beneath.
    const acl = rows.filter({ hasText: 'acl-N18-3011.pdf' });
    expect(await acl.locator('.doc-name').innerText()).toBe('Construction of the Literature Graph in Semantic Scholar');
    await page.getByRole('term').filter({ hasText: 'Pages' }).waitFor(WAIT);
    await shot('02-documents');
  });

  it('opens a document’s outline with its sections and pages', async () => {
    await page.getByRole('button', { name: 'Construction of the Literature Graph in Semantic Scholar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /Literature Graph/ });
    await dialog.waitFor(WAIT);
    expect(await dialog.locator('.outline-item').count()).toBeGreaterThan(5);
    await shot('03-outline');
    // The outline is a tree: a section's toggle hides its subsections and shows them again.
    const items = await dialog.locator('.outline-item').count();
    const toggle = dialog.locator('.outline-toggle').first();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await dialog.locator('.outline-item').count()).toBeLessThan(items);
    await toggle.click();
    expect(await dialog.locator('.outline-item').count()).toBe(items);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await waitInPage(
      page,
      'document.activeElement?.textContent === "Construction of the Literature Graph in Semantic Scholar"',
      null,
      WAIT,
    );
  });

  it('reaches the question box from the keyboard first', async () => {
    await page.reload();
    await page.getByRole('textbox', { name: 'Your question' }).waitFor(WAIT);
    await page.keyboard.press('Tab');
    expect(await inPage(page, 'document.activeElement.textContent')).toBe('Skip to the question box');
    await page.keyboard.press('Enter');
    expect(await inPage(page, 'document.activeElement.id')).toBe('question');
  });

  it('streams a cited answer with rendered math, and a citation opens the PDF at its page with the passage marked', async () => {
    const response = page.waitForResponse((r) => r.url().endsWith('/chat'));
    await page.getByRole('textbox', { name: 'Your question' }).fill('How are entity mentions linked to the knowledge base?');
    await page.keyboard.press('Enter');
    const stream = await response;
    expect(stream.headers()['content-type']).toMatch(/^text\/event-stream/);
    const body = await stream.text();
    expect(body.match(/^event: token$/gm)!.length).toBeGreaterThan(10);

    const answer = page.locator('article[aria-label="Answer"][aria-busy="false"]').last();
    await answer.waitFor(WAIT);
    await answer.locator('.katex').first().waitFor(WAIT);
    expect(await answer.locator('.cite-marker').count()).toBe(2);
    const chips = answer.locator('.citation-chip');
    expect(await chips.count()).toBe(2);
    await shot('04-chat');

    const label = (await chips.first().getAttribute('aria-label'))!;
    const page_ = Number(/page (\d+)/.exec(label)![1]);
    await chips.first().click();
    const viewer = page.getByRole('img', { name: new RegExp(`^Page ${page_} of \\d+$`) });
    await viewer.waitFor(WAIT);
    await page.getByTestId('source-highlight').first().waitFor(WAIT);
    await waitForDrawnPage(page, WAIT);
    await shot('05-source');
    expect(await unlabelledControls(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('.source-pane').waitFor({ state: 'detached', ...WAIT });
    // Back where the reader came from: the citation chip.
    await waitInPage(page, 'document.activeElement?.classList.contains("citation-chip")', null, WAIT);
  });

  it('explores with the agent, showing its trail live and its answer with citations', async () => {
    await page.getByRole('switch', { name: 'Explore mode' }).check();
    await page.getByRole('textbox', { name: 'Your question' }).fill('Which knowledge base do they link entities to?');
    const response = page.waitForResponse((r) => r.url().endsWith('/explore'));
    await page.getByRole('button', { name: 'Explore' }).click();
    const stream = await response;
    expect(stream.headers()['content-type']).toMatch(/^text\/event-stream/);
    expect((await stream.text()).match(/^event: step$/gm)).toHaveLength(4);
    await waitInPage(page, 'document.querySelectorAll(\'article[aria-label="Answer"][aria-busy="false"]\').length === 2', null, WAIT);
    const answer = page.locator('article[aria-label="Answer"]').nth(1);
    await answer.locator('.citation-chip').first().waitFor(WAIT);
    const rows = answer.locator('.trail-row');
    expect(await rows.allInnerTexts()).toEqual([
      expect.stringMatching(/^1\s+search “knowledge base entity linking”/),
      expect.stringMatching(/^2\s+read/),
      expect.stringMatching(/^3\s+next/),
      expect.stringMatching(/^4\s+answer/),
    ]);
    await rows.nth(1).click();
    expect((await answer.locator('.trail-saw').innerText()).length).toBeGreaterThan(200);
    // The read step went by a section id: the reader sees neither its arguments nor the id, only what it read.
    expect(await answer.locator('.trail-args').count()).toBe(0);
    expect(await answer.locator('.trail-detail').innerText()).not.toMatch(/section_id|"section"/);
    await shot('06-explore');
  });

  it('keeps the conversation across a reload', async () => {
    await page.reload();
    await page.locator('article[aria-label="Answer"]').nth(1).waitFor(WAIT);
    expect(await page.locator('article[aria-label="Answer"]').count()).toBe(2);
    expect(await page.locator('article[aria-label="Your question"]').count()).toBe(2);
  });

  it('keeps each project’s conversation to itself when switching projects', async () => {
    const first = new URL(page.url()).pathname;
    await page.getByRole('button', { name: '+ New project' }).click();
    await page.getByLabel('New project').fill('Empty seminar');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Empty seminar', exact: true }).waitFor(WAIT);
    expect(new URL(page.url()).pathname).not.toBe(first);
    expect(await page.locator('article[aria-label="Answer"]').count()).toBe(0);
    const projects = page.getByRole('navigation', { name: 'Projects' });
    expect(await projects.getByRole('link', { name: /Empty seminar/ }).getAttribute('aria-current')).toBe('page');
    await projects.getByRole('link', { name: /BIOL 301/ }).click();
    await page.waitForURL((url) => url.pathname === first, WAIT);
    await page.locator('article[aria-label="Answer"]').nth(1).waitFor(WAIT);
    expect(await page.locator('article[aria-label="Answer"]').count()).toBe(2);
    await page.goBack();
    await page.getByRole('heading', { name: 'Empty seminar', exact: true }).waitFor(WAIT);
    expect(await page.locator('article[aria-label="Answer"]').count()).toBe(0);
    await page.goForward();
    await page.locator('article[aria-label="Answer"]').nth(1).waitFor(WAIT);
  });

  it('downloads the project corpus as a SQLite file holding every context', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export corpus (SQLite)' }).click();
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-ui-export-')), 'export.sqlite');
    await (await download).saveAs(file);
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare('SELECT COUNT(*) FROM articles').pluck().get()).toBe(2);
      expect(db.prepare('SELECT COUNT(*) FROM contexts').pluck().get()).toBeGreaterThan(50);
    } finally {
      db.close();
      await fs.rm(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('renames a project and deletes it from its settings, landing on another project, and never asks for it again', async () => {
    // A slow server, as on a loaded machine: a project's document-list requests overlap. And the app's timers run
    // on a clock the test moves on, so that after the deletion every poll the app has set is run.
    const slowList = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    };
    await page.clock.install();
    await page.reload();
    await page.route(/\/projects\/[\w-]+\/documents$/, slowList);
    const projects = page.getByRole('navigation', { name: 'Projects' });
    await projects.getByRole('link', { name: /Empty seminar/ }).click();
    await page.getByRole('heading', { name: 'Empty seminar', exact: true }).waitFor(WAIT);
    await page.getByText('Project settings').click();
    await page.getByLabel('Project name').fill('Empty seminar (2025)');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('heading', { name: 'Empty seminar (2025)', exact: true }).waitFor(WAIT);
    await projects.getByRole('link', { name: /Empty seminar \(2025\)/ }).waitFor(WAIT);

    // From the deletion on, a request that reaches the deleted project is answered 404, however late it comes.
    const failed: string[] = [];
    const watch = (response: PageResponse) => void (response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`));
    page.on('response', watch);
    await page.getByRole('button', { name: 'Delete this project…' }).click();
    await page.getByRole('button', { name: 'Delete project' }).click();
    await page.getByRole('heading', { name: 'BIOL 301 — Reading group', exact: true }).waitFor(WAIT);
    expect(await projects.getByRole('link').allInnerTexts()).toEqual([expect.stringMatching(/^BIOL 301/)]);
    await page.unrouteAll({ behavior: 'wait' });
    await page.clock.runFor(30_000); // past the idle poll (10 s)
    // Sent after every request those timers sent, so by its answer theirs have been answered too.
    expect(await inPage(page, 'fetch("/health").then((response) => response.status)')).toBe(200);
    page.off('response', watch);
    expect(failed).toEqual([]);
  });

  it('covers the chat with the source view on a tablet, where side by side would be too narrow', async () => {
    await page.setViewportSize(TABLET);
    await page.locator('.citation-chip').first().click();
    await waitForDrawnPage(page, WAIT);
    const pane = await page.locator('.source-pane').boundingBox();
    expect(pane).toMatchObject({ x: 260, width: TABLET.width - 260 });
    expect(await page.locator('main').getAttribute('inert')).not.toBeNull();
    // The source view's sections are the same collapsible tree.
    const sectionToggle = page.locator('.sv-outline .sv-section-toggle').first();
    await sectionToggle.waitFor(WAIT);
    const shown = await page.locator('.sv-outline-item').count();
    await sectionToggle.click();
    expect(await sectionToggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.sv-outline-item').count()).toBeLessThan(shown);
    await sectionToggle.click();
    await shot('07-tablet-source');
    await page.keyboard.press('Escape');
    await page.locator('.source-pane').waitFor({ state: 'detached', ...WAIT });
    expect(await page.locator('main').getAttribute('inert')).toBeNull();
  });

  it('fits a phone: no sideways scrolling, the menu slides in, a citation opens full screen', async () => {
    await page.setViewportSize(PHONE);
    await page.getByRole('switch', { name: 'Explore mode' }).waitFor(WAIT);
    expect(await inPage<number>(page, 'document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    expect(await inPage<number>(page, 'document.querySelector(".messages").scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    await page.waitForTimeout(300); // the menu's slide-out after the resize, for the screenshot only
    await shot('08-phone-chat');
    // The closed menu is out of the Tab order: from the skip link, Tab goes to the menu button.
    await page.locator('.skip-link').focus();
    await page.keyboard.press('Tab');
    expect(await inPage(page, 'document.activeElement.getAttribute("aria-label")')).toBe('Open projects and papers');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Close the menu' }).waitFor(WAIT);
    await waitInPage(page, 'document.activeElement?.getAttribute("aria-label") === "Close the menu"', null, WAIT);
    await page.waitForTimeout(300); // the slide-in transition, for the screenshot only
    await shot('09-phone-menu');
    await page.keyboard.press('Escape');
    await waitInPage(page, 'document.activeElement?.getAttribute("aria-label") === "Open projects and papers"', null, WAIT);
    await page.locator('.citation-chip').first().click();
    await waitForDrawnPage(page, WAIT);
    const pane = await page.locator('.source-pane').boundingBox();
    expect(pane).toMatchObject({ x: 0, y: 0, width: PHONE.width });
    await shot('10-phone-source');
    expect(ui.errors).toEqual([]);
  });
});
