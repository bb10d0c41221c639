import { toFtsQuery } from './fts-query';

describe(toFtsQuery.name, () => {
  it('quotes each word and ORs them', () => {
    expect(toFtsQuery('Getis-Ord pooling')).toBe('"getis" OR "ord" OR "pooling"');
  });

  it('turns FTS5 syntax in user text into plain words', () => {
    expect(toFtsQuery('NEAR(entity linking, 5) AND "graph" -citation title:specter pool*')).toBe(
      '"near" OR "entity" OR "linking" OR "5" OR "graph" OR "citation" OR "title" OR "specter" OR "pool"',
    );
  });

  it('returns null when no word is left', () => {
    expect(toFtsQuery('')).toBeNull();
    expect(toFtsQuery(' "" * : - () ')).toBeNull();
  });
});
