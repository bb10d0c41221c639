import { emptyFrontMatterScores, normalizeDoi, scoreFrontMatter } from '../bench/structure/front-matter-scoring';

describe(scoreFrontMatter.name, () => {
  it('scores only the fields the gold has', () => {
    const scores = scoreFrontMatter(emptyFrontMatterScores(), { doi: '10.1/x', journal: 'J' }, { year: '2010' });
    expect(scores.doi.docs).toBe(0);
    expect(scores.journal.docs).toBe(0);
    expect(scores.year).toEqual({ docs: 1, sum: 0 });
  });

  it('counts a DOI right regardless of case, resolver prefix and a trailing dot', () => {
    const scores = scoreFrontMatter(emptyFrontMatterScores(), { doi: 'https://doi.org/10.1186/ABC-1.' }, { doi: '10.1186/abc-1' });
    expect(scores.doi).toEqual({ docs: 1, sum: 1 });
  });

  it('compares the year of a full date and gives the journal and abstract word F1', () => {
    const scores = scoreFrontMatter(
      emptyFrontMatterScores(),
      { year: '2011-11', journal: 'Applied and Environmental Microbiology', abstract: 'one two three four' },
      { year: '2011', journal: 'APPLIED AND ENVIRONMENTAL MICROBIOLOGY', abstract: 'one two' },
    );
    expect(scores.year.sum).toBe(1);
    expect(scores.journal.sum).toBe(1);
    expect(scores.abstract.sum).toBeCloseTo(2 / 3);
  });

  it('matches keywords one to one after normalizing case and punctuation', () => {
    const scores = scoreFrontMatter(
      emptyFrontMatterScores(),
      { keywords: ['M-wave', 'EMG', 'EMG', 'extra'] },
      { keywords: ['m wave', 'emg'] },
    );
    expect(scores.keywords).toEqual({ matched: 2, predicted: 4, gold: 2 });
  });
});

describe(normalizeDoi.name, () => {
  it('strips "doi:" and lowercases', () => {
    expect(normalizeDoi('doi: 10.1128/AEM.00294-11')).toBe('10.1128/aem.00294-11');
  });
});
