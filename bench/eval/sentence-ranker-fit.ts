import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  buildSources,
  DEFAULT_SOURCE_TOKENS,
  rankSentences,
  SENTENCE_FEATURES,
  sentenceLogit,
  withoutCitationBrackets,
  type RankedSentence,
  type SentenceFeatures,
  type SentenceModel,
} from '@lectern/retrieval';
import { TiktokenCounter } from '@lectern/text';
import { REPO_ROOT } from '../../test/support/paths';
import { goldHolder } from './answer-eval';
import { boostTrees, valueOf, type BoostRow, type BoostSettings } from './sentence-boost';
import { loadReplayRecords, type ReplayHalf } from './replay-records';

/**
 * `node dist/bench/eval/sentence-ranker-fit.js [--write] [--drop f1,f2]`: fits the extractive ranker's logistic model
 * (SENTENCE_MODEL) on the recorded retrievals of the tuning half only, and prints how often the top sentence holds
 * the gold (or its start) on both halves, beside the hand-weighted ranking. `--write` rewrites
 * libs/retrieval/src/answer/sentence-ranker.model.ts.
 *
 * Label: the sentence (as quoted) holds a gold answer, or the gold starts in it and ends in the next sentence.
 * Each question's candidates weigh 1 in all, so questions with many sentences do not outvote the others. A
 * listwise variant (softmax over a question's candidates) ranked no better on the tuning half (top-1 118 vs 120 of
 * 239) and was dropped: the pointwise fit's probabilities also serve the composer's cutoff.
 */
interface Row {
  half: ReplayHalf;
  question: number;
  article: string;
  x: number[];
  features: SentenceFeatures;
  y: number;
  hand: number;
}

const L2 = 0.01;
/** `--drop a,b`: leave features out of the fit (their coefficients stay 0), to see what they add. */
const DROPPED = (process.argv[process.argv.indexOf('--drop') + 1] ?? '')
  .split(',')
  .map((f) => SENTENCE_FEATURES.indexOf(f as (typeof SENTENCE_FEATURES)[number]))
  .filter((j) => process.argv.includes('--drop') && j >= 0);
const STEPS = Number(process.env.FIT_STEPS ?? 3000);
/** `--boost`: trees on top of the linear model (at most MAX_TREES, the count chosen inside the tuning half). */
const MAX_TREES = Number(process.env.BOOST_TREES ?? 150);
const BOOST_DEPTH = Number(process.env.BOOST_DEPTH ?? 2);
const BOOST_RATE = Number(process.env.BOOST_RATE ?? 0.1);
function main(): void {
  const counter = new TiktokenCounter();
  const rows: Row[] = [];
  const answerableWithLabel: Record<ReplayHalf, number> = { tune: 0, 'held-out': 0 };
  loadReplayRecords().forEach(({ record, half }, question) => {
    const sources = buildSources({ hits: record.hits, passages: record.passages }, { maxTokens: DEFAULT_SOURCE_TOKENS, counter });
    const { contexts, ranked } = rankSentences(record.question.question, sources, new Map(record.termWeights));
    const inGold = goldHolder(record.question);
    const holds = (text: string) => inGold(withoutCitationBrackets(text));
    const next = (s: RankedSentence) =>
      contexts.find((c) => c.context === s.context && c.source === s.source)!.sentences[s.index + 1]?.text ?? '';
    let any = false;
    for (const s of ranked) {
      const after = next(s);
      const y = holds(s.text) || (after !== '' && holds(`${s.text} ${after}`) && !holds(after)) ? 1 : 0;
      any ||= y === 1;
      rows.push({
        half,
        question,
        article: record.question.documentKey,
        x: SENTENCE_FEATURES.map((f) => s.features![f]),
        features: s.features!,
        y,
        hand: s.handScore,
      });
    }
    if (any) answerableWithLabel[half] += 1;
  });
  const tune = rows.filter((r) => r.half === 'tune');
  const linear = fit(tune);
  const model = process.argv.includes('--boost') ? withTrees(linear, tune) : linear;
  console.log(
    `candidates: ${rows.length} (${tune.length} tuning); questions with a labelled candidate: tune ${answerableWithLabel.tune}, held-out ${answerableWithLabel['held-out']}`,
  );
  for (const half of ['tune', 'held-out'] as const) {
    const part = rows.filter((r) => r.half === half);
    console.log(
      `${half}: a top sentence holds gold — model ${topK(part, (r) => sentenceLogit(model, r.features))}; hand-weighted ${topK(part, (r) => r.hand)}`,
    );
  }
  const line = SENTENCE_FEATURES.map((f) => `${f} ${model.coefficients[f].toFixed(3)}`).join(', ');
  console.log(`intercept ${model.intercept.toFixed(3)}; ${line}`);
  if (process.argv.includes('--write')) write(model);
}

/**
 * Boosted trees on top of the linear model, their number chosen inside the tuning half: its articles split in two,
 * each part scored by trees fitted on the other (top-1 summed over both), then refitted on the whole tuning half.
 */
function withTrees(linear: SentenceModel, tune: Row[]): SentenceModel {
  const settings: BoostSettings = {
    trees: MAX_TREES,
    depth: BOOST_DEPTH,
    rate: BOOST_RATE,
    lambda: Number(process.env.BOOST_LAMBDA ?? 1),
    minLeaf: Number(process.env.BOOST_MIN_LEAF ?? 0.5),
    objective: process.env.BOOST_OBJECTIVE === 'pointwise' ? 'pointwise' : 'listwise',
  };
  const articles = [...new Set(tune.map((r) => r.article))].sort();
  const part = new Map(articles.map((a, i) => [a, i % 2]));
  const top1At = new Array<number>(MAX_TREES + 1).fill(0);
  for (const k of [0, 1]) {
    const train = tune.filter((r) => part.get(r.article) !== k);
    const valid = tune.filter((r) => part.get(r.article) === k);
    const inner = fit(train);
    const trees = boostTrees(boostRows(train, inner), settings);
    const margin = valid.map((r) => sentenceLogit(inner, r.features));
    top1At[0] += top1(valid, margin);
    trees.forEach((tree, t) => {
      valid.forEach((r, i) => (margin[i] += valueOf(tree, r.x)));
      top1At[t + 1] += top1(valid, margin);
    });
  }
  const count = top1At.indexOf(Math.max(...top1At));
  if (process.env.BOOST_DEBUG) console.log(JSON.stringify(boostTrees(boostRows(tune, linear), { ...settings, trees: 3 })));
  console.log(`trees chosen inside the tuning half: ${count} (top-1 by count: ${top1At.filter((_, t) => t % 10 === 0).join(' ')})`);
  const trees = boostTrees(boostRows(tune, linear), { ...settings, trees: count });
  return { ...linear, trees };
}

function boostRows(rows: Row[], model: SentenceModel): BoostRow[] {
  const perQuestion = new Map<number, number>();
  for (const r of rows) perQuestion.set(r.question, (perQuestion.get(r.question) ?? 0) + 1);
  return rows.map((r) => ({
    x: r.x,
    y: r.y,
    weight: 1 / perQuestion.get(r.question)!,
    base: sentenceLogit(model, r.features),
    group: r.question,
  }));
}

/** Questions whose highest-margin candidate holds the gold. */
function top1(rows: Row[], margin: number[]): number {
  const best = new Map<number, number>();
  rows.forEach((r, i) => {
    const at = best.get(r.question);
    if (at === undefined || margin[i] > margin[at]) best.set(r.question, i);
  });
  return [...best.values()].filter((i) => rows[i].y === 1).length;
}

function topK(rows: Row[], score: (r: Row) => number): string {
  const byQuestion = new Map<number, Row[]>();
  for (const r of rows) byQuestion.set(r.question, [...(byQuestion.get(r.question) ?? []), r]);
  const hitsAt = [1, 2, 3, 5].map((k) => {
    let hits = 0;
    for (const list of byQuestion.values()) {
      if (
        [...list]
          .sort((a, b) => score(b) - score(a))
          .slice(0, k)
          .some((r) => r.y === 1)
      )
        hits += 1;
    }
    return `@${k} ${hits}`;
  });
  return `${hitsAt.join(' ')} of ${byQuestion.size}`;
}

/** Question-weighted logistic regression, L2 on standardised features, full-batch Adam. */
function fit(rows: Row[]): SentenceModel {
  const d = SENTENCE_FEATURES.length;
  const mean = Array.from({ length: d }, (_, j) => rows.reduce((s, r) => s + r.x[j], 0) / rows.length);
  const sd = Array.from({ length: d }, (_, j) => Math.sqrt(rows.reduce((s, r) => s + (r.x[j] - mean[j]) ** 2, 0) / rows.length) || 1);
  const z = rows.map((r) => r.x.map((v, j) => (v - mean[j]) / sd[j]));
  const perQuestion = new Map<number, number>();
  for (const r of rows) perQuestion.set(r.question, (perQuestion.get(r.question) ?? 0) + 1);
  const weight = rows.map((r) => 1 / perQuestion.get(r.question)!);
  const total = weight.reduce((a, b) => a + b, 0);
  const w = new Array<number>(d + 1).fill(0);
  const m = new Array<number>(d + 1).fill(0);
  const v = new Array<number>(d + 1).fill(0);
  for (let step = 1; step <= STEPS; step++) {
    const grad = new Array<number>(d + 1).fill(0);
    rows.forEach((r, i) => {
      let s = w[d];
      for (let j = 0; j < d; j++) s += w[j] * z[i][j];
      const err = (1 / (1 + Math.exp(-s)) - r.y) * weight[i];
      for (let j = 0; j < d; j++) grad[j] += err * z[i][j];
      grad[d] += err;
    });
    for (const j of DROPPED) grad[j] = 0;
    for (let j = 0; j <= d; j++) {
      const g = grad[j] / total + (j < d ? L2 * w[j] : 0);
      m[j] = 0.9 * m[j] + 0.1 * g;
      v[j] = 0.999 * v[j] + 0.001 * g * g;
      w[j] -= (0.05 * (m[j] / (1 - 0.9 ** step))) / (Math.sqrt(v[j] / (1 - 0.999 ** step)) + 1e-8);
    }
  }
  const coefficients = Object.fromEntries(SENTENCE_FEATURES.map((f, j) => [f, w[j] / sd[j]])) as SentenceFeatures;
  const intercept = w[d] - SENTENCE_FEATURES.reduce((s, f, j) => s + (w[j] * mean[j]) / sd[j], 0);
  return { intercept, coefficients };
}

function write(model: SentenceModel): void {
  const round = (n: number) => Number(n.toFixed(4));
  const body = SENTENCE_FEATURES.map((f) => `    ${f}: ${round(model.coefficients[f])},`).join('\n');
  const trees = model.trees ? `\n  trees: [\n${model.trees.map((t) => `    ${JSON.stringify(t)},`).join('\n')}\n  ],` : '';
  const text = `import type { SentenceModel } from './sentence-features';

/**
 * The extractive ranker's logistic model: P(a sentence holds the gold answer, or its start). Fitted by
 * bench/eval/sentence-ranker-fit.ts on the tuning half of the COVID-QA dev construction (questions about
 * even-indexed ingested articles) only; regenerate with \`node dist/bench/eval/sentence-ranker-fit.js --write\`.
 */
export const SENTENCE_MODEL: SentenceModel = {
  intercept: ${round(model.intercept)},
  coefficients: {
${body}
  },${trees}
};
`;
  writeFileSync(path.join(REPO_ROOT, 'libs', 'retrieval', 'src', 'answer', 'sentence-ranker.model.ts'), text);
}

main();
