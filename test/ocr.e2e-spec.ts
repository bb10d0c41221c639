import { promises as fs, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { loadPdfjs, textOnlyDocumentOptions } from '@lectern/parsing';
import { corpusPdf } from './support/paths';
import { buildScannedPdf, type BuiltPage } from './support/scanned-pdf';
import { comparableWords, wordF1 } from './support/text-accuracy';
import { binaryBody, startTestApp, waitForDocument, type TestApp } from './support/test-app';

interface StoredContext {
  documentId: string;
  text: string;
  page: number;
  textSource: 'pdf' | 'ocr';
  ocrConfidence: number | null;
  bbox: string | null;
}

const SOURCE = 'acl-N18-3011.pdf';
/** Page 1 as it is, page 2 scanned, a blank page, page 3 scanned: a mixed PDF, and the same pages born-digital. */
const MIXED: BuiltPage[] = [{ copy: 1 }, { scan: 2 }, { blank: true }, { scan: 3 }];
const BORN_DIGITAL: BuiltPage[] = [{ copy: 1 }, { copy: 2 }, { blank: true }, { copy: 3 }];
const SCANNED_PAGES = new Set([2, 4]);

describe('OCR of scanned pages (e2e)', () => {
  let t: TestApp;
  let projectId: string;
  const ids: Record<'mixed' | 'born', string> = { mixed: '', born: '' };
  let contexts: StoredContext[];
  const of = (doc: 'mixed' | 'born') => contexts.filter((c) => c.documentId === ids[doc]);

  beforeAll(async () => {
    t = await startTestApp({ EMBEDDINGS: 'lexical' });
    const source = new Uint8Array(readFileSync(corpusPdf(SOURCE)));
    const [mixed, born] = await Promise.all([buildScannedPdf(source, MIXED), buildScannedPdf(source, BORN_DIGITAL)]);
    const { body: project } = await t.http().post('/projects').send({ name: 'scans' }).expect(201);
    projectId = project.id;
    const upload = await t
      .http()
      .post(`/projects/${projectId}/documents`)
      .attach('files', Buffer.from(mixed), { filename: 'mixed.pdf', contentType: 'application/pdf' })
      .attach('files', Buffer.from(born), { filename: 'born.pdf', contentType: 'application/pdf' })
      .expect(202);
    for (const d of upload.body.documents as Array<{ id: string; filename: string }>)
      ids[d.filename === 'mixed.pdf' ? 'mixed' : 'born'] = d.id;
    for (const id of Object.values(ids)) await waitForDocument(t, id, 180_000);
    contexts = await exportedContexts(t, projectId);
  }, 240_000);
  afterAll(() => t.close());

  it('ingests the mixed PDF to ready, OCR recorded among its parsers and its blank page among its warnings', async () => {
    const doc = (await t.http().get(`/documents/${ids.mixed}`).expect(200)).body;
    expect(doc).toMatchObject({ status: 'ready', pageCount: 4, parsers: ['pdfjs', 'ocr'] });
    expect(doc.warnings).toEqual(
      expect.arrayContaining([expect.stringMatching(/^ocr: read 2 pages \(2, 4\)/), 'ocr: no text on page 3 (blank or image only)']),
    );
  });

  it("reads the scanned pages' body text with word F1 ≥ 0.90 against the born-digital text of the same pages", () => {
    const text = (doc: 'mixed' | 'born') =>
      of(doc)
        .filter((c) => SCANNED_PAGES.has(c.page))
        .map((c) => c.text)
        .join('\n');
    expect(comparableWords(text('born')).length).toBeGreaterThan(800);
    expect(wordF1(text('mixed'), text('born'))).toBeGreaterThanOrEqual(0.9);
    const scanned = of('mixed').filter((c) => SCANNED_PAGES.has(c.page));
    expect(scanned.every((c) => c.textSource === 'ocr' && c.ocrConfidence! > 60 && c.bbox !== null)).toBe(true);
  });

  it('keeps the born-digital page of the mixed PDF as it was', () => {
    const firstPage = (doc: 'mixed' | 'born') => of(doc).filter((c) => c.page === 1);
    const mixed = firstPage('mixed');
    const born = firstPage('born');
    expect(mixed.length).toBe(born.length);
    // All but the last: that paragraph runs on into page 2, which OCR read in the mixed PDF.
    expect(mixed.slice(0, -1).map((c) => [c.text, c.textSource, c.bbox])).toEqual(born.slice(0, -1).map((c) => [c.text, 'pdf', null]));
    expect(mixed[mixed.length - 1].text.slice(0, 300)).toBe(born[born.length - 1].text.slice(0, 300));
  });

  it('finds OCR text by search, and cites its page with a box on the lines it was read from', async () => {
    const target = of('mixed').find((c) => c.page === 2 && c.textSource === 'ocr' && c.text.length > 300)!;
    const query = comparableWords(target.text).slice(10, 22).join(' ');
    const { articleId } = (await t.http().get(`/documents/${ids.mixed}`).expect(200)).body;
    const search = await t.http().post(`/projects/${projectId}/search`).send({ query, mode: 'keyword', k: 10 }).expect(200);
    const hits = search.body.results as Array<{ contextId: string; page: number; text: string; article: { id: string } }>;
    const hit = hits.find((r) => r.article.id === articleId);
    expect(hit).toMatchObject({ page: 2, text: target.text });
    const detail = (await t.http().get(`/projects/${projectId}/contexts/${hit!.contextId}`).expect(200)).body;
    expect(detail.box).toMatchObject({ page: 2 });
    // The box spans the lines where the context's first words are printed on the born-digital page.
    const first = await printedAt(corpusPdf(SOURCE), 2, comparableWords(detail.text).slice(0, 3));
    expect(first).not.toBeNull();
    expect(first!.top).toBeGreaterThanOrEqual(detail.box.y - 6);
    expect(first!.top).toBeLessThanOrEqual(detail.box.y + detail.box.h);
    expect(first!.x).toBeGreaterThanOrEqual(detail.box.x - 6);
    expect(first!.x).toBeLessThanOrEqual(detail.box.x + detail.box.w);
  });

  it('shows OCR in the outline: sections with OCR-read contexts and their confidence', async () => {
    const doc = (await t.http().get(`/documents/${ids.mixed}`).expect(200)).body;
    const outline = (await t.http().get(`/articles/${doc.articleId}/outline`).expect(200)).body;
    const read = (outline.sections as Array<{ ocrContexts: number; ocrConfidence: number | null }>).filter((s) => s.ocrContexts > 0);
    expect(read.length).toBeGreaterThan(0);
    expect(read.every((s) => s.ocrConfidence! > 60 && s.ocrConfidence! <= 100)).toBe(true);
  });
});

/** Every context of the project as the export (a plain SQLite file) carries it, with its document. */
async function exportedContexts(t: TestApp, projectId: string): Promise<StoredContext[]> {
  const res = await binaryBody(t.http().get(`/projects/${projectId}/export`)).expect(200);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-ocr-e2e-'));
  const file = path.join(dir, 'export.sqlite');
  await fs.writeFile(file, res.body as Buffer);
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT a.document_id AS documentId, c.text, c.page_number AS page, c.text_source AS textSource,
           c.ocr_confidence AS ocrConfidence, c.bbox
         FROM articles a JOIN article_sections asn ON asn.article_id = a.id
         JOIN section_contexts sc ON sc.section_id = asn.section_id JOIN contexts c ON c.id = sc.context_id
         ORDER BY a.document_id, asn.position, sc.position`,
      )
      .all() as StoredContext[];
  } finally {
    db.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Where a run of words is printed on a page of a born-digital PDF: its line's top and its left edge, from the top-left. */
async function printedAt(file: string, pageNumber: number, words: string[]): Promise<{ top: number; x: number } | null> {
  const doc = await loadPdfjs().getDocument(textOnlyDocumentOptions(new Uint8Array(readFileSync(file)))).promise;
  try {
    const page = await doc.getPage(pageNumber);
    const height = page.view[3] - page.view[1];
    const items = (await page.getTextContent()).items.filter(
      (i): i is { str: string; transform: number[]; width: number; height: number; fontName: string; hasEOL: boolean } => 'str' in i,
    );
    for (let i = 0; i < items.length; i++) {
      const around = comparableWords(
        items
          .slice(i, i + 4)
          .map((item) => item.str)
          .join(' '),
      );
      if (around.slice(0, words.length).join(' ') === words.join(' ')) {
        const [, , , d, e, f] = items[i].transform;
        return { top: height - (f - page.view[1]) - 0.75 * Math.abs(d), x: e - page.view[0] };
      }
    }
    return null;
  } finally {
    await doc.destroy();
  }
}
