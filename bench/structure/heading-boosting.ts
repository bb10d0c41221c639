import { treeValue, type HeadingTree, type HeadingTreeEnsemble } from '@lectern/parsing';

const LAMBDA = 1;
const MIN_HESSIAN = 5;
const SPLITS = 25;

/**
 * Gradient-boosted trees for a 0/1 label (log loss, Newton leaves, L2 on leaf values): small enough to fit a
 * few thousand rows in seconds and to write out as plain data. Split values are quantiles of each feature.
 */
export function boostTrees(
  rows: Array<{ features: number[]; label: number }>,
  o: { rounds: number; depth: number; rate: number },
): HeadingTreeEnsemble {
  const x = rows.map((r) => r.features);
  const y = rows.map((r) => r.label);
  const mean = Math.min(0.999, Math.max(0.001, y.reduce((a, b) => a + b, 0) / y.length));
  const base = Math.log(mean / (1 - mean));
  const splits = candidateSplits(x);
  const score = new Array<number>(y.length).fill(base);
  const trees: HeadingTree[] = [];
  for (let round = 0; round < o.rounds; round++) {
    const p = score.map((z) => 1 / (1 + Math.exp(-z)));
    const g = p.map((q, i) => q - y[i]);
    const h = p.map((q) => q * (1 - q));
    const tree = grow(
      x.map((_, i) => i),
      x,
      g,
      h,
      splits,
      o.depth,
    );
    trees.push(tree);
    x.forEach((f, i) => (score[i] += o.rate * treeValue(tree, f)));
  }
  return { base, rate: o.rate, trees };
}

function candidateSplits(x: number[][]): number[][] {
  const n = x[0]?.length ?? 0;
  return Array.from({ length: n }, (_, k) => {
    const values = x.map((f) => f[k]).sort((a, b) => a - b);
    const picks = Array.from({ length: SPLITS }, (_, q) => values[Math.floor(((q + 1) / (SPLITS + 1)) * (values.length - 1))]);
    return [...new Set(picks)];
  });
}

function grow(idx: number[], x: number[][], g: number[], h: number[], splits: number[][], depth: number): HeadingTree {
  const G = idx.reduce((s, i) => s + g[i], 0);
  const H = idx.reduce((s, i) => s + h[i], 0);
  const leaf = -G / (H + LAMBDA);
  if (depth === 0) return leaf;
  let best: { gain: number; feature: number; at: number } | null = null;
  splits.forEach((values, feature) => {
    for (const at of values) {
      let gl = 0;
      let hl = 0;
      for (const i of idx) {
        if (x[i][feature] < at) {
          gl += g[i];
          hl += h[i];
        }
      }
      const hr = H - hl;
      if (hl < MIN_HESSIAN || hr < MIN_HESSIAN) continue;
      const gain = (gl * gl) / (hl + LAMBDA) + ((G - gl) * (G - gl)) / (hr + LAMBDA) - (G * G) / (H + LAMBDA);
      if (gain > (best?.gain ?? 0)) best = { gain, feature, at };
    }
  });
  if (!best) return leaf;
  const { feature, at } = best as { feature: number; at: number };
  const lo = idx.filter((i) => x[i][feature] < at);
  const hi = idx.filter((i) => x[i][feature] >= at);
  return [feature, at, grow(lo, x, g, h, splits, depth - 1), grow(hi, x, g, h, splits, depth - 1)];
}
