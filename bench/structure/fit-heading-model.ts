import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { HEADING_FEATURES, headingProbability, type HeadingTreeEnsemble } from '@lectern/parsing';
import { REPO_ROOT } from '../../test/support/paths';
import { boostTrees } from './heading-boosting';

interface Row {
  features: number[];
  label: number;
  selected?: boolean;
}
interface Doc {
  doc: string;
  matched: number;
  predicted: number;
  gold: number;
  rows: Row[];
}

const FOLDS = 5;
/** Chosen by cross-validation on the dev part (60 × depth 2 at 0.2 against 30–120 rounds, depth 1–3). */
const SETTINGS = { rounds: 60, depth: 2, rate: 0.2 };
const RESCUE_THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.9];
const THRESHOLDS = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5];
const MODEL_FILE = path.join(REPO_ROOT, 'libs', 'parsing', 'src', 'pdfjs', 'heading-model.ts');

/**
 * Fits the learned heading scorer on the rows of `dump-heading-features` (the bookmark set's dev part only),
 * cross-validated by document (every 5th document a fold). The threshold is the one that maximises the pooled
 * heading F1 of the held-out folds, replayed from each document's eval counts: a dropped row that matched the
 * outline costs a match, any dropped row costs a prediction. The final model is fitted on all rows.
 * Usage: `node dist/bench/structure/fit-heading-model.js ROWS.jsonl [--write]`.
 */
/** The rows the rules selected (the drop model's), and those they turned down (the rescue model's). */
const kept = (d: Doc) => d.rows.filter((r) => r.selected !== false);
const turnedDown = (d: Doc) => d.rows.filter((r) => r.selected === false);

function main(): void {
  const docs = readFileSync(process.argv[2], 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Doc);
  const dropProbs = crossValidate(docs, kept);
  const rescueProbs = crossValidate(docs, turnedDown);
  console.log(
    `docs ${docs.length}, rows ${docs.reduce((n, d) => n + kept(d).length, 0)} kept, ${docs.reduce((n, d) => n + turnedDown(d).length, 0)} turned down`,
  );
  const none = replay(docs, dropProbs, 0, rescueProbs, 2);
  console.log(`no scorer: ${fmt(none)}`);
  let drop = { threshold: 0, f1: none.f1 };
  for (const t of THRESHOLDS) {
    const score = replay(docs, dropProbs, t, rescueProbs, 2);
    console.log(`drop below ${t}: ${fmt(score)} (cross-validated by document)`);
    if (score.f1 > drop.f1 + 0.001) drop = { threshold: t, f1: score.f1 };
  }
  let rescue = { threshold: 1, f1: drop.f1 };
  for (const t of RESCUE_THRESHOLDS) {
    const score = replay(docs, dropProbs, drop.threshold, rescueProbs, t);
    console.log(`rescue from ${t}: ${fmt(score)} (cross-validated by document)`);
    if (score.f1 > rescue.f1 + 0.001) rescue = { threshold: t, f1: score.f1 };
  }
  console.log(`chosen: drop below ${drop.threshold}, rescue from ${rescue.threshold}`);
  if (!process.argv.includes('--write')) return;
  writeModel('HEADING_MODEL', boostTrees(docs.flatMap(kept), SETTINGS), drop.threshold);
  const rescueRows = docs.flatMap(turnedDown);
  if (rescue.threshold < 1 && rescueRows.length > 0) writeModel('HEADING_RESCUE_MODEL', boostTrees(rescueRows, SETTINGS), rescue.threshold);
}

/** Each document's rows scored by a model fitted on the other folds (rows picked by `pick`). */
function crossValidate(docs: Doc[], pick: (d: Doc) => Row[]): Map<Doc, number[]> {
  const probs = new Map<Doc, number[]>();
  for (let fold = 0; fold < FOLDS; fold++) {
    const rows = docs.filter((_, k) => k % FOLDS !== fold).flatMap(pick);
    if (rows.length === 0) continue;
    const model = boostTrees(rows, SETTINGS);
    for (const d of docs.filter((_, k) => k % FOLDS === fold))
      probs.set(
        d,
        pick(d).map((r) => headingProbability(r.features, model)),
      );
  }
  return probs;
}

function replay(docs: Doc[], dropProbs: Map<Doc, number[]>, dropBelow: number, rescueProbs: Map<Doc, number[]>, rescueFrom: number) {
  let matched = 0;
  let predicted = 0;
  let gold = 0;
  let droppedTrue = 0;
  let droppedFalse = 0;
  let rescued = 0;
  for (const d of docs) {
    const keptRows = kept(d);
    const turnedDownRows = turnedDown(d);
    (dropProbs.get(d) ?? []).forEach((q, i) => {
      if (q >= dropBelow) return;
      predicted--;
      if (keptRows[i].label) {
        matched--;
        droppedTrue++;
      } else droppedFalse++;
    });
    (rescueProbs.get(d) ?? []).forEach((q, i) => {
      if (q < rescueFrom) return;
      predicted++;
      rescued++;
      if (turnedDownRows[i].label) matched++;
    });
    matched += d.matched;
    predicted += d.predicted;
    gold += d.gold;
  }
  const precision = matched / Math.max(1, predicted);
  const recall = matched / Math.max(1, gold);
  return { precision, recall, f1: (2 * precision * recall) / Math.max(1e-9, precision + recall), droppedTrue, droppedFalse, rescued };
}

const fmt = (s: ReturnType<typeof replay>) =>
  `P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)} F1 ${s.f1.toFixed(3)} (dropped ${s.droppedTrue} matched, ${s.droppedFalse} unmatched; rescued ${s.rescued})`;

function writeModel(name: string, model: HeadingTreeEnsemble, threshold: number): void {
  const round = (x: number) => Number(x.toFixed(4));
  const tree = (t: HeadingTreeEnsemble['trees'][number]): string =>
    typeof t === 'number' ? String(round(t)) : `[${t[0]}, ${round(t[1])}, ${tree(t[2])}, ${tree(t[3])}]`;
  const constant = new RegExp(`export const ${name}: HeadingModel = [^;]*;\\n`);
  const text = readFileSync(MODEL_FILE, 'utf8').replace(
    constant,
    [
      `export const ${name}: HeadingModel = {`,
      `  base: ${round(model.base)},`,
      `  rate: ${model.rate},`,
      '  trees: [',
      ...model.trees.map((t) => `    ${tree(t)},`),
      '  ],',
      `  threshold: ${threshold},`,
      '};',
      '',
    ].join('\n'),
  );
  writeFileSync(MODEL_FILE, text);
  console.log(`wrote ${name} to ${MODEL_FILE} (${HEADING_FEATURES.length} features, ${model.trees.length} trees)`);
}

main();
