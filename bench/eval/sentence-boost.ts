import { SENTENCE_FEATURES, type SentenceFeature, type SentenceTree } from '@lectern/retrieval';
import { sigmoid } from './logistic-fit';

/** One candidate sentence as the booster sees it: features in SENTENCE_FEATURES order, label, question weight. */
export interface BoostRow {
  x: number[];
  y: number;
  /** Each question's candidates weigh 1 in all. */
  weight: number;
  /** The linear model's logit: the trees fit what it leaves. */
  base: number;
  /** The question: the listwise objective compares a question's candidates with one another. */
  group: number;
}

export interface BoostSettings {
  trees: number;
  depth: number;
  rate: number;
  /** L2 on leaf values, in questions' weight. */
  lambda: number;
  /** A leaf must hold at least this much hessian weight. */
  minLeaf: number;
  /**
   * pointwise: the logistic loss per sentence; listwise: the softmax over a question's candidates against its
   * labelled ones (questions with none are left out), which spends the trees on the top of each list.
   */
  objective: 'pointwise' | 'listwise';
}

const BINS = 24;

/**
 * Gradient-boosted regression trees on the logistic loss (Newton leaves, histogram splits at the features' quantiles),
 * started from the linear model's logit. In house, no dependency: the candidate rows of one half are ~20k.
 */
export function boostTrees(rows: BoostRow[], settings: BoostSettings): SentenceTree[] {
  const cuts = SENTENCE_FEATURES.map((_, j) => quantileCuts(rows.map((r) => r.x[j])));
  const bins = rows.map((r) => r.x.map((v, j) => binOf(cuts[j], v)));
  const margin = rows.map((r) => r.base);
  const trees: SentenceTree[] = [];
  // Each question's candidate rows, grouped once: the trees never move a row to another question.
  const groups = new Map<number, number[]>();
  rows.forEach((r, i) => {
    const members = groups.get(r.group);
    if (members) members.push(i);
    else groups.set(r.group, [i]);
  });
  for (let t = 0; t < settings.trees; t++) {
    const { g, h } = settings.objective === 'listwise' ? listwiseGradients(rows, margin, groups) : pointwiseGradients(rows, margin);
    const tree = grow(
      rows.map((_, i) => i),
      settings.depth,
      { g, h, bins, cuts },
      settings,
    );
    trees.push(tree);
    rows.forEach((r, i) => (margin[i] += valueOf(tree, r.x)));
  }
  return trees;
}

function pointwiseGradients(rows: BoostRow[], margin: number[]): { g: number[]; h: number[] } {
  const p = margin.map(sigmoid);
  return {
    g: rows.map((r, i) => r.weight * (p[i] - r.y)),
    h: rows.map((r, i) => Math.max(1e-9, r.weight * p[i] * (1 - p[i]))),
  };
}

/** Softmax cross-entropy per question, the target spread evenly over its labelled candidates; each question weighs 1. */
function listwiseGradients(rows: BoostRow[], margin: number[], groups: Map<number, number[]>): { g: number[]; h: number[] } {
  const g = new Array<number>(rows.length).fill(0);
  const h = new Array<number>(rows.length).fill(1e-9);
  for (const members of groups.values()) {
    const positives = members.filter((i) => rows[i].y === 1).length;
    if (positives === 0) continue;
    const top = Math.max(...members.map((i) => margin[i]));
    const e = members.map((i) => Math.exp(margin[i] - top));
    const total = e.reduce((a, b) => a + b, 0);
    members.forEach((i, k) => {
      const p = e[k] / total;
      g[i] = p - rows[i].y / positives;
      h[i] = Math.max(1e-9, p * (1 - p));
    });
  }
  return { g, h };
}

interface Stats {
  g: number[];
  h: number[];
  bins: number[][];
  cuts: number[][];
}

function grow(index: number[], depth: number, stats: Stats, settings: BoostSettings): SentenceTree {
  const G = index.reduce((s, i) => s + stats.g[i], 0);
  const H = index.reduce((s, i) => s + stats.h[i], 0);
  const leaf = (-G / (H + settings.lambda)) * settings.rate;
  if (depth === 0) return round(leaf);
  const parent = (G * G) / (H + settings.lambda);
  let best: { gain: number; j: number; bin: number } | null = null;
  for (let j = 0; j < SENTENCE_FEATURES.length; j++) {
    const cut = stats.cuts[j];
    if (cut.length === 0) continue;
    const hg = new Array<number>(cut.length + 1).fill(0);
    const hh = new Array<number>(cut.length + 1).fill(0);
    for (const i of index) {
      hg[stats.bins[i][j]] += stats.g[i];
      hh[stats.bins[i][j]] += stats.h[i];
    }
    let gl = 0;
    let hl = 0;
    for (let b = 0; b < cut.length; b++) {
      gl += hg[b];
      hl += hh[b];
      const hr = H - hl;
      if (hl < settings.minLeaf || hr < settings.minLeaf) continue;
      const gr = G - gl;
      const gain = (gl * gl) / (hl + settings.lambda) + (gr * gr) / (hr + settings.lambda) - parent;
      if (gain > 0 && (!best || gain > best.gain)) best = { gain, j, bin: b };
    }
  }
  if (!best) return round(leaf);
  const below = stats.cuts[best.j][best.bin];
  const lo = index.filter((i) => stats.bins[i][best.j] <= best.bin);
  const hi = index.filter((i) => stats.bins[i][best.j] > best.bin);
  return {
    feature: SENTENCE_FEATURES[best.j] as SentenceFeature,
    below,
    lo: grow(lo, depth - 1, stats, settings),
    hi: grow(hi, depth - 1, stats, settings),
  };
}

/** Thresholds between distinct quantiles: a value goes `lo` when below the cut (as treeValue reads it). */
function quantileCuts(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const cuts = new Set<number>();
  for (let q = 1; q < BINS; q++) {
    const at = sorted[Math.floor((q / BINS) * (sorted.length - 1))];
    const next = sorted.find((v) => v > at);
    if (next !== undefined) cuts.add(round((at + next) / 2));
  }
  return [...cuts].sort((a, b) => a - b);
}

/** Bin b holds values below cuts[b] (and at or above cuts[b - 1]); the last bin holds the rest. */
function binOf(cuts: number[], v: number): number {
  let b = 0;
  while (b < cuts.length && v >= cuts[b]) b++;
  return b;
}

export function valueOf(tree: SentenceTree, x: number[]): number {
  let node = tree;
  while (typeof node !== 'number') node = x[SENTENCE_FEATURES.indexOf(node.feature)] < node.below ? node.lo : node.hi;
  return node;
}

function round(n: number): number {
  return Number(n.toPrecision(5));
}
