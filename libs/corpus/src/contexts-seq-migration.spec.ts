import * as path from 'node:path';
import { CorpusDb } from './corpus.db';
import { storeAtOlderSchema } from './testing/later-schema.fixture';
import { articleFromTei, TEST_EMBEDDING, testEmbedder, readRows } from './testing/corpus.fixture';
import { GROBID_NAMES } from './testing/tei-corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

const MIGRATION = '0003_contexts_seq_autoincrement.sql';

/** A corpus as Lectern left it before migration 0003: schema 2, articles stored by the code of that time. */
function openSchema2Corpus(dir: string, names: string[]): string {
  const file = path.join(dir, 'corpus.sqlite');
  storeAtOlderSchema(file, 2, TEST_EMBEDDING, (articles) => {
    const ids = names.map((name) => articles.insert(articleFromTei(name)).articleId);
    articles.delete(ids[ids.length - 1]); // the newest goes: its seqs are free again under schema 2
  });
  return file;
}

describe(`corpus migration ${MIGRATION}`, () => {
  const tempDir = useTempDir();

  it('rebuilds contexts with AUTOINCREMENT, keeping every row, junction, FTS and vector entry on its seq', () => {
    const [first, second, third] = GROBID_NAMES;
    const file = openSchema2Corpus(tempDir(), [first, second, third]);
    const contextsSql = 'SELECT seq, id, text, section_title, page_number, kind, bbox, hex(embedding) AS e FROM contexts ORDER BY seq';
    const before = readRows(file, contextsSql);
    const junctionsBefore = readRows(file, 'SELECT * FROM section_contexts ORDER BY section_id, position');
    const maxSeq = Math.max(...before.map((row) => (row as { seq: number }).seq));

    const corpus = CorpusDb.open(file, TEST_EMBEDDING);
    expect(readRows(file, 'SELECT name FROM schema_migrations WHERE version = 3')).toEqual([{ name: 'contexts_seq_autoincrement' }]);
    expect(readRows<{ sql: string }>(file, "SELECT sql FROM sqlite_master WHERE name = 'contexts'")[0].sql).toMatch(
      /seq INTEGER PRIMARY KEY AUTOINCREMENT/,
    );
    expect(readRows(file, contextsSql)).toEqual(before);
    expect(readRows(file, 'SELECT * FROM section_contexts ORDER BY section_id, position')).toEqual(junctionsBefore);
    expect(readRows(file, 'PRAGMA foreign_key_check')).toEqual([]);
    expect(readRows(file, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(readRows(file, "SELECT * FROM sqlite_sequence WHERE name = 'contexts'")).toEqual([{ name: 'contexts', seq: maxSeq }]);

    // Search still reaches every kept context through the FTS and vector rows keyed by seq.
    for (const row of before as Array<{ seq: number; text: string }>) {
      expect(corpus.vectorSearch(testEmbedder.embed(row.text), 1, { exact: true })[0].text).toBe(row.text);
    }
    const phrase = (before[0] as { text: string }).text.split(/\s+/).slice(0, 6).join(' ');
    expect(corpus.keywordSearch(phrase, 5).map((hit) => hit.text)).toContain((before[0] as { text: string }).text);

    // The FTS triggers are back, and a removed newest seq is not handed out again.
    const { articleId } = corpus.insertArticle(articleFromTei(third));
    const stored = corpus.listArticleContexts(articleId);
    expect(corpus.keywordSearch(stored[0].text, 20).map((hit) => hit.contextId)).toContain(stored[0].id);
    const thirdSeqs = readRows<{ seq: number }>(file, 'SELECT seq FROM contexts ORDER BY seq').filter((row) => row.seq > maxSeq);
    expect(thirdSeqs).toHaveLength(stored.length);
    expect(corpus.deleteArticle(articleId)).toBe(true);
    expect(corpus.keywordSearch(stored[0].text, 20).map((hit) => hit.contextId)).not.toContain(stored[0].id);
    corpus.insertArticle(articleFromTei(third));
    const again = readRows<{ seq: number }>(file, 'SELECT MIN(seq) AS seq FROM contexts WHERE seq > ' + maxSeq)[0].seq;
    expect(again).toBeGreaterThan(Math.max(...thirdSeqs.map((row) => row.seq)));
    corpus.close();
  });
});
