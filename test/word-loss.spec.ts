import { wordLoss, wordTokens } from '../bench/structure/word-loss';

describe(wordLoss.name, () => {
  it('counts the reference words the stored text lacks, each copy once, in any order', () => {
    const loss = wordLoss('the cat saw the dog', 'dog saw the cat');
    expect(loss).toEqual({ words: 5, lost: 1, examples: ['the'] });
  });

  it('finds a word the line joiner closed up across a hyphen', () => {
    expect(wordLoss('on- line citations', 'online citations').lost).toBe(0);
  });

  it('takes text set aside on purpose (running heads, comments) as not lost', () => {
    expect(wordLoss('Chapter two Body text', 'Body text').lost).toBe(2);
    expect(wordLoss('Chapter two Body text', 'Body text', 'Chapter two').lost).toBe(0);
  });
});

describe(wordTokens.name, () => {
  it('keeps words with a letter, lower-cased and NFKC-folded, and splits Han text into characters', () => {
    expect(wordTokens('Page 12: ﬁne Words, 2021')).toEqual(['page', 'fine', 'words']);
    expect(wordTokens('学校代码 ABC')).toEqual(['学', '校', '代', '码', 'abc']);
  });
});
