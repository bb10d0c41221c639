import { MAX_QUERY_TERMS, queryTerms, toFtsQuery } from './fts-query';

describe(toFtsQuery.name, () => {
  it('quotes each word and ORs them', () => {
    expect(toFtsQuery('Getis-Ord pooling')).toBe('"getis" OR "ord" OR "pooling"');
  });

  it('turns FTS5 syntax in user text into plain words', () => {
    expect(toFtsQuery('NEAR(entity linking, 5) AND "graph" -citation title:specter pool*')).toBe(
      '"near" OR "entity" OR "linking" OR "5" OR "graph" OR "citation" OR "title" OR "specter" OR "pool"',
    );
  });

  it('drops stopwords unless the query has nothing else', () => {
    expect(queryTerms('What is the role of the citation graph?')).toEqual(['role', 'citation', 'graph']);
    expect(queryTerms('what is it')).toEqual(['what', 'is', 'it']);
  });

  it('keeps letters of any script and removes duplicates', () => {
    expect(queryTerms('Desarrollo territorial rural — desarrollo, ¿realidades?')).toEqual([
      'desarrollo',
      'territorial',
      'rural',
      'realidades',
    ]);
  });

  it('returns null when no word is left', () => {
    expect(toFtsQuery('')).toBeNull();
    expect(toFtsQuery(' "" * : - () ')).toBeNull();
  });

  it('bounds the number of terms of a pasted page', () => {
    const page = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    expect(queryTerms(page)).toHaveLength(MAX_QUERY_TERMS);
  });
});
