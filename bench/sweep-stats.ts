import { DEFAULT_SEARCH_K, fuseRankings } from '@lectern/retrieval';

/** The median of the values (the upper one of an even count), as the sweeps report it. */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Hybrid's top k rowids from the two legs' rankings, fused as SearchService fuses them. */
export function fuse(
  keyword: ReadonlyArray<{ rowid: number; score: number }>,
  vector: ReadonlyArray<{ rowid: number; score: number }>,
): number[] {
  return fuseRankings([keyword, vector], (r) => r.rowid)
    .slice(0, DEFAULT_SEARCH_K)
    .map((r) => r.rowid);
}

/** Recall of `got` against `wanted` (1 when nothing is wanted). */
export function share(wanted: number[], got: number[]): number {
  const found = new Set(got);
  return wanted.length === 0 ? 1 : wanted.filter((id) => found.has(id)).length / wanted.length;
}
