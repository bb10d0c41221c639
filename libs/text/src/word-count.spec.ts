import { sentenceWordCount } from './word-count';

describe(sentenceWordCount.name, () => {
  it('counts Latin and Korean text by its spaces, as before', () => {
    expect(sentenceWordCount('The model was trained for five epochs.')).toBe(7);
    expect(sentenceWordCount('모델을 다섯 번 학습했다.')).toBe(4);
  });

  it('counts a Han or kana run as one word per two letters, beside the Latin words and numbers of its token', () => {
    // One token of 19 Han letters (the comma and full stop are no letters) → 10 words.
    expect(sentenceWordCount('训练时采用负采样策略，每个正例配五个负例。')).toBe(10);
    expect(sentenceWordCount('提高了 6% 的MRR')).toBe(5);
  });
});
