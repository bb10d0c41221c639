import * as path from 'node:path';
import { CorpusDb } from './corpus.db';
import type { ArticleInput } from './corpus.types';
import { openDatabase } from './database';
import { storeAtOlderSchema } from './testing/later-schema.fixture';
import { RANDOM_SPEC, randomArticle, seededRandom } from './testing/random-corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

/** Sections in reading order as [number, level]: a book-like outline with a skipped level and a level-1 tail. */
const OUTLINE: Array<[string, number]> = [
  ['0', 1],
  ['1', 1],
  ['1.1', 2],
  ['1.1.1', 3],
  ['1.2', 2],
  ['2', 1],
  ['2.0.1', 3],
  ['ref', 1],
];

/** The parent each section must get, by number. */
const PARENTS: Record<string, string | null> = {
  '0': null,
  '1': null,
  '1.1': '1',
  '1.1.1': '1.1',
  '1.2': '1',
  '2': null,
  '2.0.1': '2',
  ref: null,
};

function outlinedArticle(name: string): ArticleInput {
  const { article } = randomArticle(name, OUTLINE.length, seededRandom(5));
  const contexts = article.sections[0].contexts;
  return {
    ...article,
    sections: OUTLINE.map(([number, level], i) => ({ number, title: `Section ${number}`, level, numTokens: 2, contexts: [contexts[i]] })),
  };
}

const parentsByNumber = (corpus: CorpusDb, articleId: string) => {
  const outline = corpus.outline(articleId);
  const numberOf = new Map(outline.map((e) => [e.id, e.number]));
  return Object.fromEntries(outline.map((e) => [e.number, e.parentId === null ? null : numberOf.get(e.parentId)]));
};

describe('section hierarchy (corpus migration 0004)', () => {
  const tempDir = useTempDir();

  it('gives each new section the nearest earlier section of a lower level as its parent', () => {
    const corpus = CorpusDb.open(path.join(tempDir(), 'corpus.sqlite'), RANDOM_SPEC);
    const { articleId } = corpus.insertArticle(outlinedArticle('book'));
    // A second article's sections never take a parent from the first one.
    const other = corpus.insertArticle(outlinedArticle('other')).articleId;
    expect(parentsByNumber(corpus, articleId)).toEqual(PARENTS);
    expect(parentsByNumber(corpus, other)).toEqual(PARENTS);
    corpus.close();
  });

  it('fills parent_id for sections stored before the migration, and the export carries it', () => {
    const dir = tempDir();
    const file = path.join(dir, 'corpus.sqlite');
    const { articleId } = storeAtOlderSchema(file, 3, RANDOM_SPEC, (articles) => articles.insert(outlinedArticle('old')));
    const before = openDatabase(file, { readonly: true });
    expect(before.prepare("SELECT COUNT(*) AS n FROM pragma_table_info('sections') WHERE name = 'parent_id'").get()).toEqual({ n: 0 });
    before.close();

    const corpus = CorpusDb.open(file, RANDOM_SPEC);
    expect(parentsByNumber(corpus, articleId)).toEqual(PARENTS);
    const exported = path.join(dir, 'export.sqlite');
    corpus.exportTo(exported);
    corpus.close();
    const copy = openDatabase(exported, { readonly: true });
    const rows = copy
      .prepare('SELECT s.section_number AS number, p.section_number AS parent FROM sections s LEFT JOIN sections p ON p.id = s.parent_id')
      .all() as Array<{ number: string; parent: string | null }>;
    copy.close();
    expect(Object.fromEntries(rows.map((r) => [r.number, r.parent]))).toEqual(PARENTS);
  });

  it('removes an article with its nested sections', () => {
    const corpus = CorpusDb.open(path.join(tempDir(), 'corpus.sqlite'), RANDOM_SPEC);
    const { articleId } = corpus.insertArticle(outlinedArticle('book'));
    expect(corpus.deleteArticle(articleId)).toBe(true);
    expect(corpus.stats().sections).toBe(0);
    corpus.close();
  });
});
