import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CorpusDb } from './corpus.db';
import { exportCorpus } from './corpus-export';
import { openTeiCorpus, TEST_EMBEDDING, testEmbedder } from './testing/corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

/** Every table and column DESIGN.md names, which an export must keep recognisable. */
const DESIGN_COLUMNS: Record<string, string[]> = {
  articles: ['id', 'num_tokens', 'title', 'date_published', 'journal', 'authors', 'doi', 'abstract', 'document_id', 'created_at'],
  sections: ['id', 'num_tokens', 'section_title', 'section_number'],
  contexts: [
    'id',
    'text',
    'section_title',
    'section_number',
    'num_tokens',
    'page_number',
    'stop_reason',
    'embedding',
    'embedding_model',
    'kind',
  ],
  article_sections: ['article_id', 'section_id', 'position'],
  section_contexts: ['section_id', 'context_id', 'position'],
  corpus_meta: ['key', 'value'],
  contexts_fts: ['text', 'section_title'],
};

function sqlite3Cli(): string | null {
  try {
    execFileSync('sqlite3', ['-version'], { stdio: 'pipe' });
    return 'sqlite3';
  } catch {
    return null;
  }
}

describe(exportCorpus.name, () => {
  const tempDir = useTempDir();

  it('writes a snapshot that opens without sqlite-vec and keeps every table and column of DESIGN.md', () => {
    const { corpus } = openTeiCorpus(tempDir());
    const stats = corpus.stats();
    const exported = path.join(tempDir(), 'export', 'project.sqlite');
    corpus.exportTo(exported);
    corpus.close();

    const plain = new Database(exported, { readonly: true }); // no sqlite-vec loaded
    const tables = plain.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    expect(tables.filter((t) => t.startsWith('contexts_vec'))).toEqual([]);
    for (const table of tables) expect(() => plain.prepare(`SELECT * FROM "${table}" LIMIT 1`).all()).not.toThrow();
    for (const [table, columns] of Object.entries(DESIGN_COLUMNS)) {
      const present = plain.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table);
      expect(present).toEqual(expect.arrayContaining(columns));
    }
    expect(plain.prepare('SELECT COUNT(*) FROM contexts').pluck().get()).toBe(stats.contexts);
    expect(plain.prepare('SELECT COUNT(*) FROM contexts WHERE length(embedding) = 64 * 4').pluck().get()).toBe(stats.contexts);
    expect(plain.prepare("SELECT COUNT(*) FROM contexts_fts WHERE contexts_fts MATCH 'crawling'").pluck().get()).toBeGreaterThan(0);
    expect(plain.pragma('journal_mode', { simple: true })).toBe('delete');
    plain.close();
    expect(fs.readdirSync(path.dirname(exported))).toEqual(['project.sqlite']);
  });

  it('opens in the sqlite3 command-line shell when it is installed', () => {
    const cli = sqlite3Cli();
    if (!cli) return; // Not every CI image has the shell; the better-sqlite3 test above covers the format.
    const { corpus } = openTeiCorpus(tempDir(), ['acl-N18-3011']);
    const exported = path.join(tempDir(), 'project.sqlite');
    corpus.exportTo(exported);
    const contexts = corpus.stats().contexts;
    corpus.close();
    const run = (sql: string) => execFileSync(cli, ['-readonly', exported, sql], { encoding: 'utf8' }).trim();
    expect(run('PRAGMA integrity_check;')).toBe('ok');
    expect(run('SELECT COUNT(*) FROM contexts;')).toBe(String(contexts));
    expect(run("SELECT COUNT(*) FROM contexts_fts WHERE contexts_fts MATCH 'crawled';")).not.toBe('0');
    expect(run('SELECT title FROM articles;')).toBe('Construction of the Literature Graph in Semantic Scholar');
    expect(run('.tables').split(/\s+/)).toEqual(expect.arrayContaining(Object.keys(DESIGN_COLUMNS)));
  });

  it('overwrites an older export and refuses to export onto the corpus itself', () => {
    const { corpus, file } = openTeiCorpus(tempDir(), ['arxiv-1211.2288']);
    const exported = path.join(tempDir(), 'project.sqlite');
    fs.writeFileSync(exported, 'an old export');
    corpus.exportTo(exported);
    const plain = new Database(exported, { readonly: true });
    expect(plain.prepare('SELECT COUNT(*) FROM articles').pluck().get()).toBe(1);
    plain.close();
    expect(() => corpus.exportTo(file)).toThrow(/onto itself/);
    corpus.close();
  });

  it('rebuilds the vector index when an export is opened as a corpus again', async () => {
    const { corpus } = openTeiCorpus(tempDir(), ['acl-N18-3011', 'jner-2016-demarchis']);
    const exported = path.join(tempDir(), 'imported', 'corpus.sqlite');
    corpus.exportTo(exported);
    const query = await testEmbedder.embedQuery('entity linking knowledge base');
    const expected = corpus.vectorSearch(query, 5).map((h) => h.contextId);
    corpus.close();
    const imported = CorpusDb.open(exported, TEST_EMBEDDING);
    expect(imported.vectorSearch(query, 5).map((h) => h.contextId)).toEqual(expected);
    imported.close();
  });
});
