import * as path from 'node:path';
import { CorpusDb } from './corpus.db';
import { openDatabase } from './database';
import { anyOfTerms, keywordTerms } from './fts-query';
import { CJK_PASSAGES as P, cjkArticles } from './testing/cjk-articles.fixture';
import { readRows, TEST_EMBEDDING } from './testing/corpus.fixture';
import { useTempDir } from './testing/temp-dir.fixture';

describe(`${CorpusDb.name} keyword search in Chinese, Japanese and Korean`, () => {
  const tempDir = useTempDir();
  let corpus: CorpusDb;
  let file: string;

  beforeEach(() => {
    file = path.join(tempDir(), 'corpus.sqlite');
    corpus = CorpusDb.open(file, TEST_EMBEDDING);
    for (const article of cjkArticles()) corpus.insertArticle(article);
  });
  afterEach(() => corpus.close());

  const topText = (query: string) => corpus.keywordSearch(query, 5)[0]?.text;

  it('finds a Chinese passage by a 2-letter and a 4-letter word inside a sentence', () => {
    expect(topText('抽样')).toBe(P.zhSampling);
    expect(topText('分层抽样')).toBe(P.zhSampling);
    expect(topText('满意')).toBe(P.zhSatisfaction);
    expect(topText('深度学习')).toBe(P.zhDeepLearning);
  });

  it('finds a Japanese passage by a 2-letter and a 4-letter word, in Han, kana or both', () => {
    expect(topText('文脈')).toBe(P.jaContext);
    expect(topText('機械翻訳')).toBe(P.jaTranslation);
    expect(topText('人手評価')).toBe(P.jaTranslation);
    expect(topText('ニューラル')).toBe(P.jaTranslation);
  });

  it('finds one letter wherever it stands in a run: inside it, and last', () => {
    expect(topText('检')).toBe(P.zhDeepLearning); // 检索 starts with it
    expect(topText('索')).toBe(P.zhDeepLearning); // the run ends with it: "…用于文献检索。"
    expect(
      corpus
        .keywordSearch('馆', 5)
        .map((hit) => hit.text)
        .sort(),
    ).toEqual([P.zhSampling, P.zhSatisfaction].sort());
    expect(corpus.termRarity(['馆']).holding.get('馆')).toBe(2);
  });

  it('finds a Korean word joined to its particle', () => {
    expect(topText('학습')).toBe(P.koMotivation);
    expect(topText('설문조사')).toBe(P.koMotivation);
  });

  it('ranks the passage holding a query run whole above one holding its words apart', () => {
    const hits = corpus.keywordSearch('深度学习', 5).map((hit) => hit.text);
    expect(hits.slice(0, 2)).toEqual([P.zhDeepLearning, P.zhApart]);
  });

  it('answers a question written without spaces from the passage that shares its words', () => {
    expect(topText('社区图书馆的读者满意度如何？')).toBe(P.zhSatisfaction);
    expect(topText('どのように翻訳の品質を評価しましたか')).toBe(P.jaTranslation);
  });

  it('returns the stored text, not the bigrams it was indexed as, with its article and section', () => {
    const [hit] = corpus.keywordSearch('分层抽样', 1);
    expect(hit.text).toBe(P.zhSampling);
    expect(hit.article.title).toBe('社区图书馆调查');
    expect(hit.section.title).toBe('方法');
  });

  it('finds a section title written in CJK', () => {
    expect(corpus.keywordSearch('结论', 5).map((hit) => hit.text)).toContain(P.zhSatisfaction);
  });

  it('scopes CJK searches to the named articles', () => {
    const ja = corpus.listArticles().find((a) => a.title === '機械翻訳の評価')!;
    expect(corpus.keywordSearch('評価 抽样', 5, { articleIds: [ja.id] }).map((hit) => hit.text)).toEqual([P.jaTranslation]);
  });

  it('still finds Latin text by its stems, beside CJK articles', () => {
    expect(topText('sampled satisfactions')).toBe(P.latin);
  });

  it('counts a CJK word as the rows holding it, for term rarity', () => {
    const rarity = corpus.termRarity(['图书馆', '深度', 'libraries']);
    expect(Object.fromEntries(rarity.holding)).toEqual({ 图书馆: 2, 深度: 2, libraries: 1 });
  });

  it('removes an article from the index so its words are no longer found and the index stays consistent', () => {
    const zh = corpus.listArticles().find((a) => a.title === '社区图书馆调查')!;
    expect(corpus.deleteArticle(zh.id)).toBe(true);
    expect(corpus.keywordSearch('抽样', 5)).toEqual([]);
    expect(topText('文脈')).toBe(P.jaContext);
    // The delete named the bigrams the rows were indexed under: none of them is left behind.
    expect(readRows(file, `SELECT rowid FROM contexts_fts WHERE contexts_fts MATCH '${anyOfTerms(['抽样', '结论'])}'`)).toEqual([]);
    expect(readRows(file, 'SELECT COUNT(*) AS n FROM contexts_fts_docsize')).toEqual([{ n: 4 }]);
    const writer = openDatabase(file);
    expect(() => writer.exec("INSERT INTO contexts_fts (contexts_fts) VALUES ('integrity-check')")).not.toThrow();
    writer.close();
  });
});

describe(keywordTerms.name, () => {
  it('builds the same FTS5 expression as before for a Latin question', () => {
    expect(anyOfTerms(keywordTerms('What is the role of the citation graph?'))).toBe('"role" OR "citation" OR "graph"');
  });

  it('searches a CJK run as the phrase of its bigrams and as each bigram', () => {
    expect(anyOfTerms(keywordTerms('深度学习'))).toBe('" 深度 " OR " 度学 " OR " 学习 " OR " 深度 度学 学习 "');
  });

  it('searches one CJK letter as a prefix', () => {
    expect(anyOfTerms(keywordTerms('水'))).toBe('" 水 "*');
  });
});
