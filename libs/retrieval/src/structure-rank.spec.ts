import { questionTermWeights } from './structure-rank';

/** Term counts as the keyword index would give them: 100 contexts, the words listed held by so many. */
const corpus = (holding: Record<string, number>) => ({
  termRarity: (words: readonly string[]) => ({ rows: 100, holding: new Map(words.map((w) => [w, holding[w] ?? 0])) }),
});

describe(questionTermWeights.name, () => {
  it('weighs each bigram of a Chinese question by its rarity, and a bigram no context holds as nothing', () => {
    const weights = questionTermWeights(corpus({ 负例: 2, 正例: 40 }), '每个正例配几个负例？');
    expect(weights.get('负例')).toBeCloseTo(Math.log(101 / 2.5));
    expect(weights.get('正例')).toBeCloseTo(Math.log(101 / 40.5));
    // "例配" spans two words; the corpus never holds it.
    expect(weights.get('例配')).toBe(0);
    expect(weights.has('每个正例配几个负例')).toBe(false);
  });

  it('keeps a Latin word no context holds as the rarest, as before', () => {
    const weights = questionTermWeights(corpus({ virus: 50 }), 'Which virus causes zoonosis?');
    expect(weights.get('zoonosi')).toBeCloseTo(Math.log(101 / 0.5));
    expect(weights.get('viru')).toBeCloseTo(Math.log(101 / 50.5));
  });
});
