import * as path from 'node:path';
import { CorpusDb } from './corpus.db';
import { openDatabase } from './database';
import { ArticleAlreadyStoredError, EmbeddingModelMismatchError, InvalidVectorError } from './errors';
import { articleFromTei, countRows, openTeiCorpus, TEST_EMBEDDING } from './testing/corpus.fixture';
import { readTei } from './testing/tei-corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

/** contexts_vec_rowids / contexts_fts_docsize hold one row per indexed vector / FTS document. */
const ALL_ROWS = [
  'articles',
  'sections',
  'contexts',
  'article_sections',
  'section_contexts',
  'contexts_vec_rowids',
  'contexts_vec_simhash',
  'contexts_fts_docsize',
];

describe(CorpusDb.name, () => {
  const tempDir = useTempDir();

  it('records the embedding model on first open and refuses another model later, naming the re-embed command', () => {
    const file = path.join(tempDir(), 'p', 'corpus.sqlite');
    CorpusDb.open(file, TEST_EMBEDDING).close();
    CorpusDb.open(file, TEST_EMBEDDING).close();
    const open = (modelId: string, dimension: number) => CorpusDb.open(file, { modelId, dimension }, { projectName: 'biology' });
    expect(() => open('nomic-ai/nomic-embed-text-v1.5', 768)).toThrow(EmbeddingModelMismatchError);
    expect(() => open('nomic-ai/nomic-embed-text-v1.5', 768)).toThrow(
      /embedded with "test-hashing-64" \(64 dimensions\).*"nomic-ai\/nomic-embed-text-v1.5" \(768 dimensions\).*lectern reembed --project biology/,
    );
    expect(() => open(TEST_EMBEDDING.modelId, 32)).toThrow(EmbeddingModelMismatchError);
    const db = openDatabase(file, { readonly: true });
    expect(db.prepare('SELECT key, value FROM corpus_meta ORDER BY key').all()).toEqual([
      { key: 'embedding_dimension', value: '64' },
      { key: 'embedding_model', value: 'test-hashing-64' },
      { key: 'vector_prefilter', value: 'simhash-hd3-v1' },
    ]);
    db.close();
  });

  it('stores an article with sections and contexts in reading order and outlines it', () => {
    const { corpus } = openTeiCorpus(tempDir(), []);
    const input = articleFromTei('acl-N18-3011');
    const { articleId } = corpus.insertArticle(input);
    const outline = corpus.outline(articleId);
    expect(outline.map((s) => `${s.number} ${s.title}`)).toEqual(readTei('acl-N18-3011').sections.map((s) => `${s.number} ${s.title}`));
    expect(outline.map((s) => s.position)).toEqual(outline.map((_, i) => i));
    expect(outline[0]).toEqual({
      id: expect.any(String),
      number: '1',
      title: 'Introduction',
      level: 1,
      parentId: null,
      position: 0,
      numTokens: input.sections[0].numTokens,
      contextCount: 7,
      pageStart: 1,
      pageEnd: 2,
      ocrContexts: 0,
      ocrConfidence: null,
      box: input.sections[0].contexts[0].box ?? null,
      lead: input.sections[0].contexts[0].text.slice(0, 160),
    });
    expect(outline.find((s) => s.number === '2.1')?.level).toBe(2);
    expect(outline.find((s) => s.number === '2.1')?.parentId).toBe(outline.find((s) => s.number === '2')?.id);
    const section = input.sections[4];
    const contexts = corpus.listSectionContexts(outline[4].id);
    expect(contexts.map((c) => c.text)).toEqual(section.contexts.map((c) => c.text));
    expect(contexts.map((c) => c.kind)).toContain('equation');
    expect(contexts[contexts.length - 1].stopReason).toBe('Section');
    const all = corpus.listArticleContexts(articleId);
    expect(all.map((c) => c.text)).toEqual(input.sections.flatMap((s) => s.contexts.map((c) => c.text)));
    expect(corpus.getArticle(articleId)).toMatchObject({ title: input.title, documentId: input.documentId });
    expect(corpus.findArticleByDocument(input.documentId)?.id).toBe(articleId);
    expect(corpus.findArticleByDocument('other')).toBeNull();
    corpus.close();
  });

  it('stores the embedding as a float32 BLOB with its model on every context', () => {
    const { corpus, file } = openTeiCorpus(tempDir(), ['arxiv-1211.2288']);
    corpus.close();
    const db = openDatabase(file, { readonly: true });
    const row = db.prepare('SELECT text, embedding, embedding_model FROM contexts LIMIT 1').get() as {
      text: string;
      embedding: Buffer;
      embedding_model: string;
    };
    expect(row.embedding.byteLength).toBe(64 * 4);
    expect(row.embedding_model).toBe('test-hashing-64');
    const stored = new Float32Array(new Uint8Array(row.embedding).buffer);
    expect(Array.from(stored)).toEqual(Array.from(articleFromTei('arxiv-1211.2288').sections[0].contexts[0].embedding));
    db.close();
  });

  it('counts articles, sections and contexts and lists articles oldest first', () => {
    const names = ['acl-N18-3011', 'arxiv-1211.2288', 'jner-2016-demarchis'];
    const { corpus } = openTeiCorpus(tempDir(), names);
    const inputs = names.map(articleFromTei);
    expect(corpus.stats()).toEqual({
      articles: 3,
      sections: inputs.reduce((n, a) => n + a.sections.length, 0),
      contexts: inputs.reduce((n, a) => n + a.sections.reduce((m, s) => m + s.contexts.length, 0), 0),
    });
    expect(corpus.listArticles().map((a) => a.documentId)).toEqual(names.map((n) => `doc-${n}`));
    corpus.close();
  });

  it('deletes an article with every row under it, leaving no orphan vector or FTS rows', () => {
    const { corpus, file } = openTeiCorpus(tempDir(), ['acl-N18-3011', 'jner-2016-demarchis']);
    const before = countRows(file, ALL_ROWS);
    const keptArticle = corpus.findArticleByDocument('doc-jner-2016-demarchis')!;
    const deleted = corpus.findArticleByDocument('doc-acl-N18-3011')!;
    expect(corpus.deleteArticle(deleted.id)).toBe(true);
    expect(corpus.deleteArticle(deleted.id)).toBe(false);
    const after = countRows(file, ALL_ROWS);
    const kept = articleFromTei('jner-2016-demarchis');
    const keptContexts = kept.sections.reduce((n, s) => n + s.contexts.length, 0);
    expect(after).toEqual({
      articles: 1,
      sections: kept.sections.length,
      contexts: keptContexts,
      article_sections: kept.sections.length,
      section_contexts: keptContexts,
      contexts_vec_rowids: keptContexts,
      contexts_vec_simhash: keptContexts,
      contexts_fts_docsize: keptContexts,
    });
    expect(before.contexts).toBeGreaterThan(after.contexts);
    // Nothing of the deleted paper is found any more, by keyword or by vector.
    expect(corpus.keywordSearch('Semantic Scholar literature graph', 50).every((h) => h.article.id === keptArticle.id)).toBe(true);
    const vector = articleFromTei('acl-N18-3011').sections[0].contexts[0].embedding;
    expect(corpus.vectorSearch(vector, 50).every((h) => h.article.id === keptArticle.id)).toBe(true);
    corpus.close();
    const writer = openDatabase(file);
    writer.exec("INSERT INTO contexts_fts (contexts_fts) VALUES ('integrity-check')");
    expect(writer.pragma('foreign_key_check')).toEqual([]);
    writer.close();
  });

  it('refuses a second article for one document', () => {
    const { corpus } = openTeiCorpus(tempDir(), ['arxiv-1211.2288']);
    expect(() => corpus.insertArticle(articleFromTei('arxiv-1211.2288'))).toThrow(ArticleAlreadyStoredError);
    expect(corpus.stats().articles).toBe(1);
    corpus.close();
  });

  it('writes nothing when one vector of the article is malformed', () => {
    const { corpus, file } = openTeiCorpus(tempDir(), []);
    const input = articleFromTei('acl-N18-3011');
    input.sections[3].contexts[2].embedding = new Float32Array(63);
    expect(() => corpus.insertArticle(input)).toThrow(InvalidVectorError);
    expect(() => corpus.insertArticle(input)).toThrow('expected a Float32Array of 64 dimensions, got 63 dimensions');
    expect(countRows(file, ALL_ROWS)).toEqual(Object.fromEntries(ALL_ROWS.map((t) => [t, 0])));
    corpus.close();
  });

  it('refuses an article embedded with another model', () => {
    const { corpus } = openTeiCorpus(tempDir(), []);
    const input = { ...articleFromTei('arxiv-1211.2288'), embeddingModel: 'other-model' };
    expect(() => corpus.insertArticle(input)).toThrow(EmbeddingModelMismatchError);
    corpus.close();
  });

  it('opens read-only for readers and refuses a file that is not a corpus', () => {
    const { corpus, file } = openTeiCorpus(tempDir(), ['arxiv-1211.2288']);
    corpus.close();
    const reader = CorpusDb.openReadonly(file);
    expect(reader.embedding).toEqual(TEST_EMBEDDING);
    expect(reader.keywordSearch('Higgs spin', 3).length).toBeGreaterThan(0);
    expect(() => reader.insertArticle(articleFromTei('acl-N18-3011'))).toThrow(/readonly/);
    reader.close();
    const other = path.join(tempDir(), 'other.sqlite');
    openDatabase(other).exec('CREATE TABLE t (x)').close();
    expect(() => CorpusDb.openReadonly(other)).toThrow(/not an initialised Lectern corpus/);
  });
});
