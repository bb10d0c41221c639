/// <reference types="jest" />
// The web tsconfig only knows Vite's types; the reference above lets it type-check this spec too.
import { matchPassage, pageTokens, passageWords } from './passage-match';

const page = [
  'Journal of Examples, vol. 3',
  '1 Introduction',
  'Transformers have become the domi-',
  'nant architecture for sequence trans-',
  'duction [12], replacing recurrent networks',
  'in most applications. We study their',
  'efficiency on long documents.',
  '2 Related work',
  'Earlier systems relied on convolution.',
];

describe(matchPassage.name, () => {
  it('marks the lines of a passage that the page splits with line-end hyphens', () => {
    const passage =
      'Transformers have become the dominant architecture for sequence transduction, replacing recurrent networks in most applications.';
    const match = matchPassage(page, passage);
    expect(match.method).toBe('run');
    expect(match.items).toEqual([2, 3, 4, 5]);
  });

  it('ignores case, whitespace, ligatures and a citation marker the passage lacks', () => {
    const passage =
      'TRANSFORMERS  have become the dominant architecture for sequence transduction replacing recurrent networks in most applications. We study their eﬃciency on long documents.';
    expect(matchPassage(page, passage).items).toEqual([2, 3, 4, 5, 6]);
  });

  it('anchors on the longest run even when the passage starts with words the page lacks', () => {
    const passage = 'As noted above, we study their efficiency on long documents.';
    expect(matchPassage(page, passage).items).toEqual([5, 6]);
  });

  it('falls back to the items whose words mostly occur in the passage', () => {
    const passage = 'earlier convolution systems relied';
    const match = matchPassage(page, passage);
    expect(match.method).toBe('items');
    expect(match.items).toEqual([8]);
  });

  it('returns nothing for a passage that is not on the page', () => {
    expect(matchPassage(page, 'Protein folding in thermophilic archaea under pressure')).toEqual({
      items: [],
      method: 'none',
      matchedWords: 0,
    });
    expect(matchPassage([], 'anything')).toEqual({ items: [], method: 'none', matchedWords: 0 });
  });
});

describe(pageTokens.name, () => {
  it('joins a word split by a hyphen at the end of an item, remembering both items', () => {
    const tokens = pageTokens(['the domi-', ' ', 'nant one']);
    expect(tokens.map((t) => t.word)).toEqual(['the', 'dominant', 'one']);
    expect(tokens[1].items).toEqual([0, 2]);
  });
});

describe(passageWords.name, () => {
  it('folds accents and joins hyphenated line breaks in the passage text', () => {
    expect(passageWords('Análisis de la domi- nancia')).toEqual(['analisis', 'de', 'la', 'dominancia']);
  });
});
