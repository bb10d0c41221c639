import type { BodyStyle } from './body-style';
import { featureContext, headingFeatures } from './heading-features';
import type { HeadingCandidate } from './heading-candidates';
import { HEADING_MODEL, HEADING_RESCUE_MODEL, type HeadingTree, type HeadingTreeEnsemble } from './heading-model';
import type { FlowLine } from './layout.types';

/** One candidate as the bench's training dump sees it. */
export interface HeadingTrainingRow {
  text: string;
  title: string;
  page: number;
  features: number[];
  /** False for a candidate the rules turned down (the model may rescue it). */
  selected: boolean;
}

let trainingSink: ((row: HeadingTrainingRow) => void) | null = null;

/**
 * Bench only (`bench/structure/dump-heading-features`): while a sink is set, every candidate the rules select is
 * passed to it and none is refused by the model, so the dump labels the rules' own output.
 */
export function collectHeadingTraining(sink: ((row: HeadingTrainingRow) => void) | null): void {
  trainingSink = sink;
}

/** Value of one tree for a feature vector. */
export function treeValue(tree: HeadingTree, features: number[]): number {
  let node = tree;
  while (typeof node !== 'number') node = features[node[0]] < node[1] ? node[2] : node[3];
  return node;
}

/** Probability that a candidate with these features is an outline heading, under a boosted-tree model. */
export function headingProbability(features: number[], model: HeadingTreeEnsemble = HEADING_MODEL): number {
  const z = model.trees.reduce<number>((sum, tree) => sum + model.rate * treeValue(tree, features), model.base);
  return 1 / (1 + Math.exp(-z));
}

/**
 * The rules propose, the learned line scorer disposes: a selected candidate whose probability of being an outline
 * heading falls below the model's threshold is dropped (not a CJK-numbered one set larger than the body), and one the rules turned down (a number out of sequence, a
 * style the numbered headings do not use) is taken back when the rescue model is sure. The reference list's heading
 * is always kept. Candidates stay in flow order.
 */
export function scoreCandidates(
  flow: FlowLine[],
  candidates: HeadingCandidate[],
  rejected: HeadingCandidate[],
  body: BodyStyle,
  headingFonts: Set<string>,
): HeadingCandidate[] {
  const sink = trainingSink;
  // Without a training sink or a model there is nothing to compute the document-wide counts for.
  if (candidates.length === 0 || (!sink && HEADING_MODEL.trees.length === 0)) return candidates;
  const fx = featureContext(flow, candidates, body, headingFonts);
  const row = (c: HeadingCandidate, selected: boolean) => ({
    text: c.text,
    title: c.numbering.title,
    page: flow[c.start].page,
    features: headingFeatures(flow, c, fx),
    selected,
  });
  if (sink) {
    for (const c of candidates) sink(row(c, true));
    for (const c of rejected) sink(row(c, false));
    return candidates;
  }
  const kept = candidates.filter(
    (c) =>
      c.references ||
      c.unnumberedSubheading === true ||
      c.romanInSequence === true ||
      c.overItalicSubheading === true ||
      c.appendixInSequence === true ||
      // The model was fitted on Latin numbering only; a CJK-numbered line set larger than the body is a heading.
      (c.numbering.cjk === true && c.strength === 2) ||
      isAppendixTitle(c) ||
      headingProbability(headingFeatures(flow, c, fx)) >= HEADING_MODEL.threshold,
  );
  const rescue = HEADING_RESCUE_MODEL;
  if (rescue.trees.length === 0) return kept;
  const rescued = rejected.filter((c) => headingProbability(headingFeatures(flow, c, fx), rescue) >= rescue.threshold);
  return [...kept, ...rescued].sort((a, b) => a.start - b.start);
}

/**
 * "Appendix A: Title" (or "Appendix B." / "Appendix C" alone) set in a heading font is an appendix heading however
 * the model rates it: after a paper's last numbered section its letter does not advance any numbering it knows.
 */
const isAppendixTitle = (c: HeadingCandidate) =>
  c.numbering.kind === 'appendix' && c.strength >= 1 && /^\p{L}+\s+[A-Z\d]{1,2}(?:[.:]\s|$)/u.test(c.text);
