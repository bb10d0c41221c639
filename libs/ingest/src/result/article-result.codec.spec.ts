import Database from 'better-sqlite3';
import * as path from 'node:path';
import { CorpusDb } from '@lectern/corpus';
import { articleFromTei, TEST_EMBEDDING } from '../../../corpus/src/testing/corpus.fixture';
import { useTempDir } from '../../../corpus/src/testing/temp-dir.fixture';
import type { BuiltArticle } from '../article-builder';
import { decodeArticleResult, encodeArticleResult, InvalidArticleResultError, resultObjectKey } from './article-result.codec';

const vectorBytes = (built: BuiltArticle) =>
  Buffer.concat(
    built.article.sections.flatMap((s) =>
      s.contexts.map((c) => Buffer.from(c.embedding.buffer, c.embedding.byteOffset, c.embedding.byteLength)),
    ),
  );

function builtPaper(): BuiltArticle {
  const article = articleFromTei('acl-N18-3011');
  // Values a lossy encoding would change: negative zero, a subnormal, the largest float32, the float32 nearest 0.1.
  const first = article.sections[0].contexts[0].embedding;
  first.set([-0, 1.401298464324817e-45, 3.4028234663852886e38, Math.fround(0.1)], 0);
  return { article, parsers: ['pdfjs', 'grobid'], warnings: ['unstructured: not reachable at http://u:8000; parsed without it'] };
}

describe('article result codec', () => {
  const tempDir = useTempDir('lectern-result-');

  it('gives back the article, its parsers and warnings, and every vector bit for bit', () => {
    const built = builtPaper();
    const contexts = built.article.sections.flatMap((s) => s.contexts);
    expect(contexts.length).toBeGreaterThan(20);

    const decoded = decodeArticleResult(encodeArticleResult(built));

    expect(decoded).toEqual(built);
    expect(vectorBytes(decoded).equals(vectorBytes(built))).toBe(true);
    expect(Object.is(decoded.article.sections[0].contexts[0].embedding[0], -0)).toBe(true);
  });

  it('stores the vectors as raw float32: the object is the header plus 4 bytes per dimension per context', () => {
    const built = builtPaper();
    const contexts = built.article.sections.flatMap((s) => s.contexts);
    const encoded = encodeArticleResult(built);
    const vectors = contexts.length * TEST_EMBEDDING.dimension * 4;
    expect(encoded.length).toBeGreaterThan(vectors);
    expect(encoded.length).toBeLessThan(vectors + Buffer.byteLength(JSON.stringify(contexts.map((c) => c.text))) + 64 * 1024);
  });

  it('commits to the same corpus rows as the article it was made from', () => {
    const built = builtPaper();
    const rows = (name: string, input: BuiltArticle['article']) => {
      const file = path.join(tempDir(), `${name}.sqlite`);
      const corpus = CorpusDb.open(file, TEST_EMBEDDING);
      corpus.insertArticle(input);
      corpus.close();
      const db = new Database(file, { readonly: true });
      try {
        return db
          .prepare('SELECT text, section_number, page_number, kind, num_tokens, stop_reason, bbox, embedding FROM contexts ORDER BY seq')
          .all();
      } finally {
        db.close();
      }
    };
    expect(rows('decoded', decodeArticleResult(encodeArticleResult(built)).article)).toEqual(rows('original', built.article));
  });

  it('refuses a truncated, corrupted or foreign object', () => {
    const encoded = encodeArticleResult(builtPaper());
    const corrupt = Buffer.from(encoded);
    corrupt[corrupt.length - 100] ^= 0x01;
    expect(() => decodeArticleResult(encoded.subarray(0, encoded.length - 1))).toThrow(InvalidArticleResultError);
    expect(() => decodeArticleResult(corrupt)).toThrow(/checksum/);
    expect(() => decodeArticleResult(Buffer.from('%PDF-1.7 not a result at all, but long enough to be read'))).toThrow(/not a LECTRES1/);
  });

  it('keeps results under the project, one per document', () => {
    expect(resultObjectKey('p1', 'doc_9')).toBe('projects/p1/results/doc_9.lres');
  });
});
