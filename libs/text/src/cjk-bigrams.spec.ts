import { cjkBigrams, cjkIndexText, hasCjkLetter, withCjkBigrams } from './cjk-bigrams';
import { MAX_QUERY_TERMS, queryTerms } from './question-terms';

describe(cjkIndexText.name, () => {
  it('returns text without Han, kana or Hangul as it is, so Latin text tokenizes as before', () => {
    for (const text of ['Graph neural networks (GNNs) — 3.5%, naïve “quotes”', 'Desarrollo rural', 'Δx = 0', '']) {
      expect(cjkIndexText(text)).toBe(text);
    }
  });

  it('writes each CJK run as its overlapping bigrams, spaced apart, and leaves the text around it alone', () => {
    expect(cjkIndexText('深度学习').trim()).toBe('深度 度学 学习');
    expect(cjkIndexText('基于GPT-4的模型。').split(/\s+/).filter(Boolean)).toEqual(['基于', 'GPT-4', '的模', '模型', '。']);
    expect(cjkIndexText('ニューラル機械翻訳').trim().split(' ')).toEqual(['ニュ', 'ュー', 'ーラ', 'ラル', 'ル機', '機械', '械翻', '翻訳']);
    expect(cjkIndexText('학교에서 공부').trim().split(/\s+/)).toEqual(['학교', '교에', '에서', '공부']);
  });

  it('keeps a lone letter as one token and folds half-width kana', () => {
    expect(cjkIndexText('第3章').split(/\s+/).filter(Boolean)).toEqual(['第', '3', '章']);
    expect(cjkIndexText('ﾃｽﾄ').trim()).toBe('テス スト');
  });

  it('does not take CJK punctuation or radicals for letters', () => {
    expect(hasCjkLetter('。，「」・')).toBe(false);
    expect(hasCjkLetter('⼀')).toBe(false);
    expect(hasCjkLetter('々')).toBe(true);
  });
});

describe(cjkBigrams.name, () => {
  it('counts letters outside the basic plane as one', () => {
    expect(cjkBigrams('𠮷野家')).toEqual(['𠮷野', '野家']);
  });
});

describe(withCjkBigrams.name, () => {
  it('leaves Latin terms exactly as queryTerms gives them', () => {
    const terms = queryTerms('What is the role of the citation graph?');
    expect(withCjkBigrams(terms)).toEqual(terms);
  });

  it('searches a run of three or more letters as each bigram and as itself; one or two letters as one token', () => {
    expect(withCjkBigrams(queryTerms('深度学习'))).toEqual(['深度', '度学', '学习', '深度学习']);
    expect(withCjkBigrams(queryTerms('抽样'))).toEqual(['抽样']);
    expect(withCjkBigrams(queryTerms('猫'))).toEqual(['猫']);
  });

  it('splits a word mixing scripts into its Latin part and its CJK run', () => {
    expect(withCjkBigrams(queryTerms('GPT模型 attention'))).toEqual(['gpt', '模型', 'attention']);
  });

  it('bounds the terms of a long CJK question', () => {
    const question = '请问这篇关于社区图书馆建设情况的调查报告采用了什么样的抽样方法以及样本数量是多少个图书馆';
    const terms = withCjkBigrams(queryTerms(question));
    expect(terms).toHaveLength(MAX_QUERY_TERMS);
    expect(terms.slice(0, 3)).toEqual(['请问', '问这', '这篇']);
    expect(terms.every((term) => term.length === 2)).toBe(true);
  });
});
