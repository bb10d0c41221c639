import type { ArticleInput } from '../corpus.types';
import { testEmbedder } from './corpus.fixture';

/** Passages written for these specs: Chinese and Japanese text with no spaces between words, and a Latin one. */
export const CJK_PASSAGES = {
  /** "Deep learning" (深度学习) as one run inside a sentence. */
  zhDeepLearning: '近年来，深度学习技术在自然语言处理领域取得了显著进展，研究人员开始将其用于文献检索。',
  /** 深度 and 学习 both present, but never side by side: a 4-letter query should rank it below the passage above. */
  zhApart: '本课题的深度访谈表明，读者的学习需求各不相同。',
  /** "Stratified sampling" (分层抽样). */
  zhSampling: '我们采用分层抽样的方法，从全市社区图书馆中选取读者进行问卷调查。',
  zhSatisfaction: '结果表明，社区图书馆的读者满意度与开放时间密切相关。',
  /** "Neural machine translation" (ニューラル機械翻訳), kana and Han mixed. */
  jaTranslation: '本研究では、ニューラル機械翻訳の品質を人手評価と自動評価の両方で測定した。',
  /** "Context" (文脈), "consistency" (一貫性). */
  jaContext: '実験の結果、文脈を考慮したモデルは訳語の一貫性を大きく改善した。',
  /** Korean puts spaces between words, but a word carries its particles: 학습동기를 ("learning motivation" + object marker). */
  koMotivation: '본 연구는 대학생들의 학습동기를 설문조사로 분석하였다.',
  latin: 'The survey measured reader satisfaction in community libraries with stratified sampling.',
} as const;

/** An article of one section per passage, stored as the parser would give it. */
export function cjkArticle(documentId: string, title: string, passages: ReadonlyArray<{ section: string; text: string }>): ArticleInput {
  return {
    documentId,
    title,
    authors: ['李明'],
    abstract: '',
    datePublished: '2024-01-01',
    journal: null,
    doi: null,
    pageCount: 1,
    numTokens: 40 * passages.length,
    embeddingModel: testEmbedder.modelId,
    sections: passages.map(({ section, text }, i) => ({
      number: String(i + 1),
      title: section,
      level: 1,
      numTokens: 40,
      contexts: [{ text, pageNumber: 1, kind: 'text', numTokens: 40, stopReason: 'Section', embedding: testEmbedder.embed(text) }],
    })),
  };
}

/** A Chinese, a Japanese and a Korean article with the passages above, and a Latin one. */
export function cjkArticles(): ArticleInput[] {
  const p = CJK_PASSAGES;
  return [
    cjkArticle('doc-zh', '社区图书馆调查', [
      { section: '引言', text: p.zhDeepLearning },
      { section: '背景', text: p.zhApart },
      { section: '方法', text: p.zhSampling },
      { section: '结论', text: p.zhSatisfaction },
    ]),
    cjkArticle('doc-ja', '機械翻訳の評価', [
      { section: 'はじめに', text: p.jaTranslation },
      { section: '結果', text: p.jaContext },
    ]),
    cjkArticle('doc-ko', '학습 동기 연구', [{ section: '서론', text: p.koMotivation }]),
    cjkArticle('doc-en', 'Library survey', [{ section: 'Methods', text: p.latin }]),
  ];
}
