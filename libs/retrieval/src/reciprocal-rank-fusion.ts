/** The constant of Cormack et al. (2009), also DESIGN.md's: damps the weight of the very first ranks. */
export const DEFAULT_RRF_K = 60;

export interface Ranked {
  contextId: string;
  score: number;
}

/**
 * Reciprocal Rank Fusion: each item scores Σ 1 / (k + rank) over the rankings it appears in (rank from 1).
 * Returns each item once (the first ranking's copy) with the fused score, best first; ties keep the order in
 * which items were first seen, so fusion is deterministic.
 */
export function reciprocalRankFusion<T extends Ranked>(rankings: ReadonlyArray<readonly T[]>, k = DEFAULT_RRF_K): T[] {
  return fuseRankings(rankings, (item) => item.contextId, k);
}

/** reciprocalRankFusion of items identified by `key` (e.g. rankings by seq, fused before they are read into hits). */
export function fuseRankings<T extends { score: number }, K>(
  rankings: ReadonlyArray<readonly T[]>,
  key: (item: T) => K,
  k = DEFAULT_RRF_K,
): T[] {
  if (!(k >= 0) || !Number.isFinite(k)) throw new RangeError(`RRF k must be a finite number >= 0, got ${k}`);
  const fused = new Map<K, { item: T; score: number; firstSeen: number }>();
  for (const ranking of rankings) {
    const seenInThisRanking = new Set<K>();
    ranking.forEach((item, index) => {
      // A duplicate within one ranking counts once, at its best rank.
      const id = key(item);
      if (seenInThisRanking.has(id)) return;
      seenInThisRanking.add(id);
      const contribution = 1 / (k + index + 1);
      const entry = fused.get(id);
      if (entry) entry.score += contribution;
      else fused.set(id, { item, score: contribution, firstSeen: fused.size });
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || a.firstSeen - b.firstSeen).map(({ item, score }) => ({ ...item, score }));
}
