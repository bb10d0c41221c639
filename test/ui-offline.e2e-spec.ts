import { promises as fs } from 'node:fs';
import type { Page, Route } from 'playwright-core';
import { buildImageOnlyPdf } from './fixtures/pdf-fixtures';
import { browserAvailable, inPage, unlabelledControls, waitInPage } from './support/browser';
import { corpusPdf } from './support/paths';
import { openUiSession, type UiSession } from './support/ui-session';

/** Under the test timeout, so a wait that misses says where. */
const WAIT = { timeout: 45_000 };
jest.setTimeout(120_000);

const run = browserAvailable() ? describe : describe.skip;

/** No LLM configured, bad files in the upload: what a course sees on a bare install. */
run('the course-assistant UI without an LLM, with bad uploads (e2e)', () => {
  let ui: UiSession;
  let page: Page;
  const shot = (name: string) => ui.shot(name);

  beforeAll(async () => {
    ui = await openUiSession({ EMBEDDINGS: 'lexical' }, { width: 1280, height: 860 });
    page = ui.page;
    const project = await ui.t.http().post('/projects').send({ name: 'Physics 210' }).expect(201);
    await page.goto(`${ui.base}/p/${project.body.id}`);
    await page.getByRole('heading', { name: 'Physics 210', exact: true }).waitFor(WAIT);
  }, 120_000);

  afterAll(() => ui?.close());

  it('refuses a non-PDF at once, fails a scan with its reason and a retry button, and readies the good paper', async () => {
    await page.getByLabel('Upload PDFs').setInputFiles([
      { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello, not a pdf') },
      { name: 'scan.pdf', mimeType: 'application/pdf', buffer: buildImageOnlyPdf() },
      { name: 'arxiv-1211.2288.pdf', mimeType: 'application/pdf', buffer: await fs.readFile(corpusPdf('arxiv-1211.2288.pdf')) },
    ]);
    // One row per file: the refused one says why, at once.
    const notes = page.locator('.doc-list > li').filter({ hasText: 'notes' });
    await notes.getByText('Not accepted').waitFor(WAIT);
    await notes
      .getByRole('alert')
      .getByText(/not a PDF/)
      .waitFor(WAIT);
    const scan = page.locator('.doc-list > li').filter({ hasText: 'scan' });
    await scan
      .getByRole('alert')
      .getByText(/no text layer/)
      .waitFor(WAIT);
    await page.locator('.doc-list .status-ready').waitFor(WAIT);
    await shot('11-failed-upload');

    const retried = page.waitForResponse((r) => r.url().endsWith('/retry') && r.status() === 202);
    await scan.getByRole('button', { name: 'Retry scan.pdf' }).click();
    await retried;
    await scan
      .getByRole('alert')
      .getByText(/no text layer/)
      .waitFor(WAIT);

    // Removing asks once more, then the paper and its row are gone.
    await scan.getByRole('button', { name: 'Remove scan.pdf' }).click();
    const removed = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.status() === 204);
    await scan.getByRole('button', { name: 'Remove', exact: true }).click();
    await removed;
    await scan.waitFor({ state: 'detached', ...WAIT });
    expect(await page.locator('.doc-list > li').filter({ hasText: 'arxiv-1211.2288' }).count()).toBe(1);
  });

  it('says no LLM is configured, answers extractively with citations, and says when the sources don’t say', async () => {
    await page.getByRole('status').getByText('No LLM is configured.').waitFor(WAIT);
    await page.getByRole('textbox', { name: 'Your question' }).fill('What spin and parity does the Higgs boson candidate have?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await waitInPage(page, 'document.querySelectorAll(\'article[aria-label="Answer"][aria-busy="false"]\').length === 1', null, WAIT);
    const first = page.locator('article[aria-label="Answer"]').first();
    expect(await first.locator('.citation-chip').count()).toBeGreaterThan(0);
    expect(await first.locator('.message-footer').innerText()).toMatch(/extractive/);

    await page.getByRole('textbox', { name: 'Your question' }).fill('What is the boiling point of zebra marmalade?');
    const followUp = page.waitForRequest((r) => r.url().endsWith('/chat'));
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    // A follow-up carries the conversation so far: the first question and its answer, then the new question.
    const sent = (await followUp).postDataJSON() as { messages: Array<{ role: string; content: string }> };
    expect(sent.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(sent.messages[0].content).toMatch(/Higgs/);
    await waitInPage(page, 'document.querySelectorAll(\'article[aria-label="Answer"][aria-busy="false"]\').length === 2', null, WAIT);
    const second = page.locator('article[aria-label="Answer"]').nth(1);
    await second.getByRole('note').getByText('The sources don’t say.').waitFor(WAIT);
    expect(await second.locator('.citation-chip').count()).toBe(0);
    await shot('12-extractive-and-no-answer');
    expect(await unlabelledControls(page)).toEqual([]);
    // The browser itself logs the refused upload's 422 as a failed resource; the page logged nothing.
    expect(ui.errors.filter((e) => !/Failed to load resource: the server responded with a status of 422/.test(e))).toEqual([]);
  });

  it('keeps a file whose upload was cut off, and sends it again with Retry', async () => {
    const cut = async (route: Route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.fallback());
    await page.route('**/projects/*/documents', cut);
    await page.getByLabel('Upload PDFs').setInputFiles(corpusPdf('acl-N18-3011.pdf'));
    const row = page.locator('.doc-list > li').filter({ hasText: 'acl-N18-3011' });
    await row.getByText('Upload failed', { exact: true }).waitFor(WAIT);
    await row
      .getByRole('alert')
      .getByText(/could not be reached/)
      .waitFor(WAIT);
    await page.unroute('**/projects/*/documents', cut);

    const accepted = page.waitForResponse((r) => r.url().endsWith('/documents') && r.request().method() === 'POST' && r.status() === 202);
    await row.getByRole('button', { name: 'Retry uploading acl-N18-3011.pdf' }).click();
    await accepted;
    const ready = page.locator('.doc-list > li.doc-ready').filter({ hasText: 'acl-N18-3011.pdf' });
    await ready.getByText('Construction of the Literature Graph in Semantic Scholar').waitFor(WAIT);
  });

  it('takes PDFs dropped on the drop zone, and keeps the app when one is dropped beside it', async () => {
    const pdf = (await fs.readFile(corpusPdf('dib-2019-sanni-p454.pdf'))).toString('base64');
    // Playwright cannot drag files from the desktop, so the page makes the drag events a browser would send.
    const drop = (selector: string) =>
      // A string, as the other in-page checks: this file is type-checked without the DOM's types.
      inPage<{ overPrevented: boolean; dropPrevented: boolean }>(
        page,
        `(() => {
          const bytes = Uint8Array.from(atob(${JSON.stringify(pdf)}), (c) => c.charCodeAt(0));
          const transfer = new DataTransfer();
          transfer.items.add(new File([bytes], 'dib-2019-sanni-p454.pdf', { type: 'application/pdf' }));
          const element = document.querySelector(${JSON.stringify(selector)});
          const over = new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer });
          element.dispatchEvent(over);
          const dropped = new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer });
          element.dispatchEvent(dropped);
          // A drop whose default is not prevented makes the browser open the file in place of the app.
          return { overPrevented: over.defaultPrevented, dropPrevented: dropped.defaultPrevented };
        })()`,
      );

    const uploads: string[] = [];
    const count = (request: { url(): string; method(): string }) => {
      if (request.method() === 'POST' && request.url().endsWith('/documents')) uploads.push(request.url());
    };
    page.on('request', count);
    expect(await drop('.messages')).toEqual({ overPrevented: true, dropPrevented: true });
    await page.waitForTimeout(300); // an upload, had one started, would be on the wire by now
    expect(uploads).toEqual([]);

    expect(await drop('.dropzone')).toEqual({ overPrevented: true, dropPrevented: true });
    const row = page.locator('.doc-list > li.doc-ready').filter({ hasText: 'dib-2019-sanni-p454' });
    await row.waitFor(WAIT);
    page.off('request', count);
    expect(uploads).toHaveLength(1);
  });

  it('says so when an answer’s stream closes before it finished, and offers to ask again', async () => {
    const partial = [
      'event: retrieval\ndata: {"mode":"keyword","sources":[],"notes":[]}\n\n',
      'event: token\ndata: {"text":"The Higgs candidate is"}\n\n',
    ].join('');
    const cutShort = (route: Route) => route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: partial });
    await page.route('**/chat', cutShort);
    await page.getByRole('textbox', { name: 'Your question' }).fill('What decays was the Higgs candidate seen in?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = page.locator('article[aria-label="Answer"]').last();
    await answer
      .getByRole('alert')
      .getByText(/connection closed before the answer finished/)
      .waitFor(WAIT);
    expect(await answer.innerText()).toContain('The Higgs candidate is');
    await page.unroute('**/chat', cutShort);

    await answer.getByRole('button', { name: 'Try again' }).click();
    const again = page.locator('article[aria-label="Answer"][aria-busy="false"]').last();
    await waitInPage(page, 'document.querySelectorAll(\'article[aria-label="Answer"][aria-busy="false"]\').length === 4', null, WAIT);
    expect(await again.locator('.citation-chip').count()).toBeGreaterThan(0);
  });
});
