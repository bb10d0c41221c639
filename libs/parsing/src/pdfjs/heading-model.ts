/**
 * The learned heading-line scorer: boosted depth-2 decision trees over `HEADING_FEATURES`, fitted offline on the
 * bookmark set's dev part by `bench/structure/fit-heading-model.ts --write` (which rewrites the constant below).
 * A tree is a leaf value or `[feature index, split value, tree below it, tree at or above it]`. No trees: the
 * scorer is off.
 */
export type HeadingTree = number | [feature: number, below: number, lo: HeadingTree, hi: HeadingTree];

export interface HeadingModel {
  /** Log-odds before any tree. */
  base: number;
  /** Shrinkage applied to every tree's value. */
  rate: number;
  trees: HeadingTree[];
  /** Candidates scored below this probability are dropped. */
  threshold: number;
}

export const HEADING_MODEL: HeadingModel = { base: 0, rate: 0, trees: [], threshold: 0 };

/** The same kind of model for candidates the rules turned down: those it scores at or above its threshold come back. */
export const HEADING_RESCUE_MODEL: HeadingModel = { base: 0, rate: 0, trees: [], threshold: 1 };
