import { cjkBigrams, cjkIndexText, cjkQueryText, hasCjkLetter, isLoneCjkLetter, withCjkBigrams, withCjkWordsSplit } from './cjk-bigrams';
import { MAX_QUERY_TERMS, queryTerms } from './question-terms';

describe(cjkIndexText.name, () => {
  it('returns text without Han, kana or Hangul as it is, so Latin text tokenizes as before', () => {
    for (const text of ['Graph neural networks (GNNs) — 3.5%, naïve “quotes”', 'Desarrollo rural', 'Δx = 0', '']) {
      expect(cjkIndexText(text)).toBe(text);
    }
  });

  it('writes each CJK run as its overlapping bigrams and its last letter, spaced apart, and leaves the text around it alone', () => {
    const tokens = (text: string) => cjkIndexText(text).split(/\s+/).filter(Boolean);
    expect(tokens('深度学习')).toEqual(['深度', '度学', '学习', '习']);
    expect(tokens('基于GPT-4的模型。')).toEqual(['基于', '于', 'GPT-4', '的模', '模型', '型', '。']);
    expect(tokens('ニューラル機械翻訳')).toEqual(['ニュ', 'ュー', 'ーラ', 'ラル', 'ル機', '機械', '械翻', '翻訳', '訳']);
    expect(tokens('학교에서 공부')).toEqual(['학교', '교에', '에서', '서', '공부', '부']);
  });

  it('keeps a lone letter as one token and folds half-width kana', () => {
    expect(cjkIndexText('第3章').split(/\s+/).filter(Boolean)).toEqual(['第', '3', '章']);
    expect(cjkIndexText('ﾃｽﾄ').trim()).toBe('テス スト ト');
    expect(cjkIndexText('ｶﾞｲﾄﾞ').trim()).toBe('ガイ イド ド');
    expect(cjkIndexText('か\u3099いと\u3099').trim()).toBe('がい いど ど');
    expect(cjkQueryText(queryTerms('ｶﾞｲﾄﾞ')[0]).trim()).toBe('ガイ イド');
  });

  it('does not take CJK punctuation or radicals for letters', () => {
    expect(hasCjkLetter('。，「」・')).toBe(false);
    expect(hasCjkLetter('⼀')).toBe(false);
    expect(hasCjkLetter('々')).toBe(true);
  });
});

describe(cjkQueryText.name, () => {
  it('writes a query run as its bigrams only, so it matches inside a longer run', () => {
    expect(cjkQueryText('深度学习').trim()).toBe('深度 度学 学习');
    expect(cjkQueryText('citation')).toBe('citation');
  });

  it('tells one CJK letter, searched as a prefix, from longer terms', () => {
    expect([isLoneCjkLetter('水'), isLoneCjkLetter('ｶ'), isLoneCjkLetter('水质'), isLoneCjkLetter('a')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
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

  it('searches a run of three or more letters as each bigram and as itself, a shorter run as itself', () => {
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

describe(withCjkWordsSplit.name, () => {
  it('splits each CJK run of a word into its bigrams, a lone letter kept, and returns Latin words unchanged', () => {
    expect(withCjkWordsSplit(['饮用水', 'arsenic', 'pm2浓度', '水'])).toEqual(['饮用', '用水', 'arsenic', 'pm2', '浓度', '水']);
    const latin = ['arsenic', 'levels'];
    expect(withCjkWordsSplit(latin)).toEqual(latin);
  });
});
