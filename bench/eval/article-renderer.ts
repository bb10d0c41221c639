import { createHash } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import type { CovidArticle } from './covid-article';
import type { EvalDocument } from './eval.types';

/** COVID-QA's own label for the body text (the context reads "Abstract: … Text: …"). */
export const BODY_HEADING = 'Text';
export const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Raised when the PDFs must be rendered and no Chromium is installed. */
export class ChromiumUnavailableError extends Error {
  override readonly name = 'ChromiumUnavailableError';
}

/**
 * Prints articles as two-column article PDFs with headless Chromium, so the evaluation measures the whole PDF path
 * (PDF.js parse → chunk → embed → search), not a shortcut around the parser. PDFs are cached by the hash of their
 * HTML: a second run, or a run after a template change to other articles, renders only what changed.
 */
export class ArticleRenderer {
  private browser: Browser | null = null;
  rendered = 0;
  cached = 0;

  constructor(private readonly cacheDir: string) {}

  async render(article: CovidArticle): Promise<Buffer> {
    const html = articleHtml(article);
    const file = path.join(this.cacheDir, `${createHash('sha256').update(html).digest('hex').slice(0, 32)}.pdf`);
    if (existsSync(file)) {
      this.cached++;
      return fs.readFile(file);
    }
    const browser = await this.ensureBrowser();
    const page = await browser.newPage();
    try {
      await page.setContent(html, { waitUntil: 'load' });
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: false,
        margin: { top: '18mm', bottom: '18mm', left: '15mm', right: '15mm' },
      });
      await fs.mkdir(this.cacheDir, { recursive: true });
      // Write then rename, so an interrupted run never leaves half a PDF in the cache.
      await fs.writeFile(`${file}.tmp`, pdf);
      await fs.rename(`${file}.tmp`, file);
      this.rendered++;
      return pdf;
    } finally {
      await page.close();
    }
  }

  async close(): Promise<void> {
    await this.browser?.close();
    this.browser = null;
  }

  private async ensureBrowser(): Promise<Browser> {
    if (this.browser) return this.browser;
    if (!existsSync(CHROMIUM_PATH)) throw new ChromiumUnavailableError(`${CHROMIUM_PATH} is missing; install Debian's chromium package`);
    // Loaded here so a run with every PDF cached does not need playwright-core at all.
    const { chromium } = await import('playwright-core');
    this.browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    return this.browser;
  }
}

/** COVID-QA's articles as the evaluations' documents (the QA eval and the peers' recall bench), each PDF printed once. */
export async function renderCovidDocuments(
  articles: readonly CovidArticle[],
  cacheDir: string,
): Promise<{ documents: EvalDocument[]; rendered: number; cached: number }> {
  const renderer = new ArticleRenderer(cacheDir);
  const documents: EvalDocument[] = [];
  try {
    for (const article of articles) {
      documents.push({
        dataset: 'covid-qa',
        key: article.key,
        filename: `covid-qa-${article.key}.pdf`,
        pdf: await renderer.render(article),
      });
    }
  } finally {
    await renderer.close();
  }
  return { documents, rendered: renderer.rendered, cached: renderer.cached };
}

/** A journal-like page: title and abstract across the page, the body in two justified columns. */
export function articleHtml(article: CovidArticle): string {
  const abstract = article.abstract.length
    ? `<section class="abstract"><h2>Abstract</h2>${article.abstract.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}</section>`
    : '';
  // The source labels its body "Text:" as it labels "Abstract:"; printed as a heading, it ends the abstract where
  // a journal's first section heading would (without it the parser reads the whole body as abstract).
  const bodyHeading = article.abstract.length && article.body[0]?.kind !== 'heading' ? `<h2>${BODY_HEADING}</h2>\n` : '';
  const body = article.body
    .map((block) => (block.kind === 'heading' ? `<h2>${escapeHtml(block.text)}</h2>` : `<p>${escapeHtml(block.text)}</p>`))
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(article.title)}</title><style>
body { font-family: 'DejaVu Serif', 'Liberation Serif', serif; font-size: 9.5pt; line-height: 1.35; margin: 0; }
h1 { font-size: 17pt; line-height: 1.2; text-align: center; margin: 0 0 8pt; }
.meta { font-size: 8.5pt; text-align: center; margin: 0 0 2pt; }
.abstract { margin: 12pt 10mm 14pt; }
.abstract h2 { text-align: center; }
h2 { font-size: 11.5pt; font-weight: bold; margin: 10pt 0 4pt; break-after: avoid; }
p { margin: 0 0 5pt; text-align: justify; }
.columns { column-count: 2; column-gap: 7mm; }
</style></head><body>
<h1>${escapeHtml(article.title)}</h1>
${article.meta.map((line) => `<p class="meta">${escapeHtml(line)}</p>`).join('\n')}
${abstract}
<div class="columns">
${bodyHeading}${body}
</div>
</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
