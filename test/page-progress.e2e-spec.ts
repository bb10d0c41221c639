import { readFileSync } from 'node:fs';
import { corpusPdf } from './support/paths';
import { buildScannedPdf } from './support/scanned-pdf';
import { startTestApp, type TestApp } from './support/test-app';

interface ListedDocument {
  id: string;
  status: string;
  progress: { page: number; pages: number; step: 'text' | 'ocr' } | null;
}

describe('Per-page progress (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    // One pool thread: the page reports cross from it to the worker, then through the queue to the document.
    t = await startTestApp({ WORKERS: '1' });
  });
  afterAll(() => t.close());

  it('shows the page the parser reached in the document list while a long PDF is parsed, and clears it when ready', async () => {
    const { body: project } = await t.http().post('/projects').send({ name: 'book' }).expect(201);
    const upload = await t.http().post(`/projects/${project.id}/documents`).attach('files', corpusPdf('thinkos-0.7.4.pdf')).expect(202);
    const documentId: string = upload.body.documents[0].id;
    const seen: Array<{ status: string; page: number; pages: number; step: string }> = [];
    const deadline = Date.now() + 120_000;
    let doc: ListedDocument | undefined;
    for (;;) {
      const list = await t.http().get(`/projects/${project.id}/documents`).expect(200);
      doc = (list.body as ListedDocument[]).find((d) => d.id === documentId);
      if (doc?.progress) seen.push({ status: doc.status, ...doc.progress });
      if (!doc || doc.status === 'ready' || doc.status === 'failed' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(doc).toMatchObject({ status: 'ready', progress: null, pageCount: 99 });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((p) => p.status === 'parsing' && p.pages === 99 && p.page >= 1 && p.page <= 99)).toBe(true);
    // A born-digital book: its pages are read from their text layer, but for its two blank pages (2 and 12), which
    // have none and so go to OCR (rendered, found without ink).
    expect(seen.some((p) => p.step === 'text')).toBe(true);
    expect(seen.every((p) => p.step === 'text' || [2, 12].includes(p.page))).toBe(true);
    expect(seen.some((p) => p.page < p.pages)).toBe(true);
    // Pages only go forward.
    expect(seen.map((p) => p.page)).toEqual([...seen.map((p) => p.page)].sort((a, b) => a - b));
  });

  it('says a page was read by OCR while a scanned PDF is parsed (step ocr)', async () => {
    const scan = await buildScannedPdf(new Uint8Array(readFileSync(corpusPdf('acl-N18-3011.pdf'))), [{ scan: 2 }, { scan: 3 }]);
    const { body: project } = await t.http().post('/projects').send({ name: 'scan' }).expect(201);
    const upload = await t
      .http()
      .post(`/projects/${project.id}/documents`)
      .attach('files', Buffer.from(scan), { filename: 'scan.pdf', contentType: 'application/pdf' })
      .expect(202);
    const documentId: string = upload.body.documents[0].id;
    const seen: Array<{ status: string; page: number; pages: number; step: string }> = [];
    const deadline = Date.now() + 120_000;
    let doc: ListedDocument | undefined;
    for (;;) {
      doc = (await t.http().get(`/documents/${documentId}`).expect(200)).body as ListedDocument;
      if (doc.progress) seen.push({ status: doc.status, ...doc.progress });
      if (doc.status === 'ready' || doc.status === 'failed' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(doc).toMatchObject({ status: 'ready', progress: null });
    // Page 1 is shown while page 2 is read (OCR takes seconds a page): every page of this scan was read by OCR.
    expect(seen).toContainEqual({ status: 'parsing', page: 1, pages: 2, step: 'ocr' });
    expect(seen.every((p) => p.step === 'ocr')).toBe(true);
  }, 150_000);
});
