import { DomainError } from '@lectern/common';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { buildEncryptedPdf } from '../../../test/fixtures/pdf-fixtures';
import { corpusPdf, REPO_ROOT } from '../../../test/support/paths';
import { buildScannedPdf } from '../../../test/support/scanned-pdf';
import { InlinePool, PiscinaPool, PoolThreadCrashError, type IngestPool } from './ingest.pool';

const lexical = { kind: 'lexical' as const };

describe(PiscinaPool.name, () => {
  let pool: IngestPool;

  beforeAll(() => {
    pool = new PiscinaPool(2, { maxMemoryMb: 1024 });
  });
  afterAll(() => pool.close());

  it('parses and chunks in a thread exactly as on the main thread', async () => {
    const data = new Uint8Array(await fs.readFile(corpusPdf('acl-N18-3011.pdf')));
    const [threaded, inline] = await Promise.all([
      pool.parse({ data, outputs: {}, maxTokens: 256 }),
      new InlinePool().parse({ data, outputs: {}, maxTokens: 256 }),
    ]);
    expect(threaded).toEqual(inline);
    expect(threaded.article.sections.length).toBeGreaterThan(5);
    expect(data.byteLength).toBeGreaterThan(0); // the caller's bytes were not transferred away
  });

  it('embeds in a thread with the same vectors as the main thread', async () => {
    const texts = ['citation graph of scientific papers', 'entity linking to a knowledge base'];
    const [threaded, inline] = await Promise.all([
      pool.embed({ embedder: lexical, texts }),
      new InlinePool().embed({ embedder: lexical, texts }),
    ]);
    expect(threaded.map((v) => Array.from(v))).toEqual(inline.map((v) => Array.from(v)));
    expect(threaded[0]).toHaveLength(768);
  });

  it('brings a domain error back with its name, so the worker can tell a bad file from a bug', async () => {
    const failure = pool.parse({ data: new Uint8Array(buildEncryptedPdf()), outputs: {}, maxTokens: 256 });
    await expect(failure).rejects.toMatchObject({ name: 'EncryptedPdfError', message: expect.stringMatching(/password/) });
    // …and with its classification: the worker decides by `permanent` and `exposable`, not by the name.
    await expect(failure).rejects.toBeInstanceOf(DomainError);
    await expect(failure).rejects.toMatchObject({ status: 422, permanent: true, exposable: true });
  });

  it('reports each page read from the thread, up to the page count, on the calling thread', async () => {
    const data = new Uint8Array(await fs.readFile(corpusPdf('extra/dpr-2004.04906-full.pdf')));
    const seen: Array<[number, number, string]> = [];
    const threaded = await pool.parse(
      { data, outputs: {}, maxTokens: 512 },
      { onPage: (page, pages, step) => seen.push([page, pages, step]) },
    );
    const pages = threaded.article.pageCount;
    expect(pages).toBeGreaterThan(10);
    expect(seen).toEqual(Array.from({ length: pages }, (_, i) => [i + 1, pages, 'text']));
    // The same reports without a pool thread (WORKERS=0).
    const inline: Array<[number, number, string]> = [];
    await new InlinePool().parse(
      { data, outputs: {}, maxTokens: 512 },
      { onPage: (page, total, step) => inline.push([page, total, step]) },
    );
    expect(inline).toEqual(seen);
  });

  it('says of each page it reports whether OCR read it: a scanned page `ocr`, a page with a text layer `text`', async () => {
    const source = new Uint8Array(await fs.readFile(corpusPdf('acl-N18-3011.pdf')));
    const data = await buildScannedPdf(source, [{ copy: 1 }, { scan: 2 }]);
    const seen: Array<[number, number, string]> = [];
    const ocr = { mode: 'auto' as const, langs: ['eng'] };
    await pool.parse({ data, outputs: {}, maxTokens: 512, ocr }, { onPage: (page, pages, step) => seen.push([page, pages, step]) });
    expect(seen).toEqual([
      [1, 2, 'text'],
      [2, 2, 'ocr'],
    ]);
  }, 60_000);

  it('runs documents on several threads at once', async () => {
    const names = ['arxiv-1211.2288.pdf', 'acl-N18-3011.pdf', 'jner-2016-demarchis.pdf', 'qasper-1810.08699.pdf'];
    const results = await Promise.all(
      names.map(async (n) => pool.parse({ data: new Uint8Array(await fs.readFile(corpusPdf(n))), outputs: {}, maxTokens: 512 })),
    );
    expect(results.map((r) => r.article.pageCount)).toEqual([4, 8, 9, 6]);
  });
});

describe('PiscinaPool thread crashes', () => {
  it('turns a thread that dies into a PoolThreadCrashError and keeps serving', async () => {
    const crashing = new PiscinaPool(1, {
      maxMemoryMb: 256,
      taskFile: path.join(REPO_ROOT, 'test', 'fixtures', 'crashing.task.js'),
    });
    try {
      await expect(crashing.parse({ data: new Uint8Array(8), outputs: {}, maxTokens: 256 })).rejects.toBeInstanceOf(PoolThreadCrashError);
      // The pool replaced the dead thread: the next task runs (and crashes again, on its own).
      await expect(crashing.embed({ embedder: lexical, texts: ['x'] })).rejects.toBeInstanceOf(PoolThreadCrashError);
    } finally {
      await crashing.close();
    }
  });
});
