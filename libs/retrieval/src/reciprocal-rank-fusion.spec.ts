import { fuseRankings, reciprocalRankFusion } from './reciprocal-rank-fusion';

const hit = (contextId: string, score = 0) => ({ contextId, score, text: `text of ${contextId}` });

describe(reciprocalRankFusion.name, () => {
  it('scores each item by the sum of 1 / (k + rank) over the rankings it appears in', () => {
    const fused = reciprocalRankFusion(
      [
        [hit('a'), hit('b'), hit('c')],
        [hit('c'), hit('a')],
      ],
      60,
    );
    expect(fused.map((h) => h.contextId)).toEqual(['a', 'c', 'b']);
    expect(fused[0].score).toBeCloseTo(1 / 61 + 1 / 62, 12);
    expect(fused[1].score).toBeCloseTo(1 / 63 + 1 / 61, 12);
    expect(fused[2].score).toBeCloseTo(1 / 62, 12);
  });

  it('lets an item found by both lists beat the top of one list', () => {
    const keyword = [hit('only-keyword'), hit('both')];
    const vector = [hit('only-vector'), hit('both')];
    expect(reciprocalRankFusion([keyword, vector])[0].contextId).toBe('both');
  });

  it('keeps the first copy of each item, replacing only its score', () => {
    const fused = reciprocalRankFusion([[{ ...hit('a', 12.5), text: 'keyword copy' }], [{ ...hit('a', 0.9), text: 'vector copy' }]]);
    expect(fused).toEqual([{ contextId: 'a', text: 'keyword copy', score: 2 / 61 }]);
  });

  it('ignores the original scores, so BM25 and cosine scales do not matter', () => {
    const fused = reciprocalRankFusion([
      [hit('a', 1000), hit('b', 999)],
      [hit('b', 0.01), hit('a', 0.001)],
    ]);
    expect(fused[0].score).toBe(fused[1].score);
  });

  it('breaks ties by first appearance, deterministically', () => {
    const fused = reciprocalRankFusion([
      [hit('x'), hit('y')],
      [hit('y'), hit('x')],
    ]);
    expect(fused.map((h) => h.contextId)).toEqual(['x', 'y']);
  });

  it('counts a duplicate within one ranking once, at its best rank', () => {
    const fused = reciprocalRankFusion([[hit('a'), hit('b'), hit('a')]], 0);
    expect(fused).toEqual([
      { ...hit('a'), score: 1 },
      { ...hit('b'), score: 1 / 2 },
    ]);
  });

  it('with a small k one list’s top item wins; with k = 60 agreement between lists wins', () => {
    const filler = Array.from({ length: 8 }, (_, i) => hit(`filler-${i}`));
    const rankings = [
      [hit('a'), hit('b')],
      [...filler, hit('b')],
    ]; // b: rank 2 and rank 9
    expect(reciprocalRankFusion(rankings, 0)[0].contextId).toBe('a');
    expect(reciprocalRankFusion(rankings, 60)[0].contextId).toBe('b');
  });

  it('returns nothing for no rankings and refuses a negative k', () => {
    expect(reciprocalRankFusion([])).toEqual([]);
    expect(reciprocalRankFusion([[], []])).toEqual([]);
    expect(() => reciprocalRankFusion([[hit('a')]], -1)).toThrow(RangeError);
    expect(() => reciprocalRankFusion([[hit('a')]], Number.NaN)).toThrow(RangeError);
  });

  it('fuses rankings keyed another way (by seq) into the same order and scores as by context id', () => {
    const byId = [
      [hit('c3'), hit('c1'), hit('c2')],
      [hit('c2'), hit('c4'), hit('c3'), hit('c2')],
    ];
    const bySeq = byId.map((ranking) => ranking.map((item) => ({ rowid: Number(item.contextId.slice(1)), score: item.score })));
    const fused = fuseRankings(bySeq, (item) => item.rowid);
    expect(fused.map((item) => `c${item.rowid}`)).toEqual(reciprocalRankFusion(byId).map((item) => item.contextId));
    expect(fused.map((item) => item.score)).toEqual(reciprocalRankFusion(byId).map((item) => item.score));
  });
});
