import { citedNumbers } from './citation-markers';

describe(citedNumbers.name, () => {
  it('lists the cited source numbers in order of first use, each once', () => {
    expect(citedNumbers('Pooling helps [2]. It is spatial [1][2], see also [3].', 5)).toEqual([2, 1, 3]);
  });

  it('reads lists and ranges inside one pair of brackets', () => {
    expect(citedNumbers('As shown [1, 3] and [4-6] and [7–8].', 10)).toEqual([1, 3, 4, 5, 6, 7, 8]);
  });

  it('ignores numbers outside the sources, years and bracketed words', () => {
    expect(citedNumbers('In [2019] the team [0] wrote [note] that [6] and [2] [1-300] hold.', 5)).toEqual([2]);
  });

  it('finds nothing in an answer without markers or before a marker is closed', () => {
    expect(citedNumbers("The sources in this project don't contain an answer to that.", 3)).toEqual([]);
    expect(citedNumbers('Routing is sparse [1', 3)).toEqual([]);
  });
});
