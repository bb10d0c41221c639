import { idf, type KeywordMatch, mergeSplit, planKeywordSearch } from './keyword-plan';

const match = (rowid: number, score: number): KeywordMatch => ({ rowid, score });

describe(planKeywordSearch.name, () => {
  const counts: Record<string, number> = { rare: 10, scarce: 30, usual: 200, common: 400 };
  const holding = (term: string) => counts[term];

  it('runs the plain query while every term’s rows fit the budget, and for one term', () => {
    expect(planKeywordSearch(['rare', 'scarce', 'usual'], 5, 1000, holding, 240)).toEqual({
      kind: 'plain',
      match: '"rare" OR "scarce" OR "usual"',
    });
    expect(planKeywordSearch(['common'], 5, 1000, holding, 10)).toEqual({ kind: 'plain', match: '"common"' });
  });

  it('puts as many of the rarest terms as fit on the rare side, and bounds every other row by the rest', () => {
    const plan = planKeywordSearch(['common', 'rare', 'usual', 'scarce'], 5, 1000, holding, 100);
    expect(plan).toMatchObject({
      kind: 'split',
      rareOnly: '("rare" OR "scarce")',
      withCommon: '("rare" OR "scarce") AND ("usual" OR "common")',
    });
    expect(plan.kind === 'split' && plan.ceiling).toBeCloseTo((idf(1000, 200) + idf(1000, 400)) * 2.2, 12);
  });

  it('requires both of the two rarest terms when even the rarest is over the budget', () => {
    const plan = planKeywordSearch(['common', 'usual', 'scarce'], 5, 1000, holding, 20);
    expect(plan).toMatchObject({ kind: 'split', rareOnly: '"scarce" AND "usual"', withCommon: '"scarce" AND "usual" AND ("common")' });
    expect(plan.kind === 'split' && plan.ceiling).toBeCloseTo((idf(1000, 30) + idf(1000, 400)) * 2.2, 12);
  });

  it('runs the plain query when the rare side holds fewer rows than k', () => {
    expect(planKeywordSearch(['rare', 'common'], 20, 1000, holding, 100)).toEqual({ kind: 'plain', match: '"rare" OR "common"' });
  });

  it('makes the same plan whatever the order of terms with equal counts', () => {
    const even = (term: string) => (term === 'x' ? 500 : 50);
    const a = planKeywordSearch(['b', 'a', 'c', 'x'], 5, 1000, even, 100);
    const b = planKeywordSearch(['c', 'x', 'a', 'b'], 5, 1000, even, 100);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ rareOnly: '("a" OR "b")' });
  });
});

describe(mergeSplit.name, () => {
  it('takes rare-only rows scoring above the k-th row holding a common term, whose rare score is their whole score', () => {
    const withCommon = [match(1, 9), match(2, 7), match(3, 5)];
    // Row 2 is in both (its rare score 4 lacks its common part); rows 4 and 5 hold no common term.
    const rareOnly = [match(4, 8), match(5, 6), match(2, 4), match(6, 3)];
    expect(mergeSplit(withCommon, rareOnly, 3)).toEqual([match(1, 9), match(4, 8), match(2, 7)]);
  });

  it('takes every rare-only row when fewer than k rows hold a common term', () => {
    expect(mergeSplit([match(1, 9)], [match(1, 2), match(7, 3), match(8, 1)], 3)).toEqual([match(1, 9), match(7, 3), match(8, 1)]);
  });
});
