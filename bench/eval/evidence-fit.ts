import { ABSTAIN_BELOW_EVIDENCE, EVIDENCE_FEATURES, EVIDENCE_MODEL } from '@lectern/retrieval';
import {
  BY_COVERAGE,
  BY_SCORE,
  calibrate,
  rowAt,
  SWEEP,
  type AbstentionSignal,
  type AnswerMode,
  type AnswerOutcome,
  type AnswerRow,
} from './answer-eval';
import { fitLogistic, type LogisticModel } from './logistic-fit';
import { ARTICLE_CALIBRATION, articleFolds, calibrateAcrossArticles, outOfFoldScores, type Labelled } from './article-calibration';

/**
 * Calibration of the abstention rule on the dev construction, split by article so that no article's questions are
 * in both halves: a logistic model of "answerable" from evidence features is fitted on the dev half, and the
 * threshold chosen there is reported on the held-out half too.
 */

/**
 * Articles of each kind (ingested: answerable; left out: unanswerable) in key order, alternately dev and held out:
 * both halves get about half of each kind, and an article's questions all land on one side.
 */
export function splitByArticle<T extends Labelled>(items: readonly T[]): { dev: T[]; heldOut: T[] } {
  const half = articleFolds(items, 2);
  return { dev: items.filter((o) => half.get(o.documentKey) === 0), heldOut: items.filter((o) => half.get(o.documentKey) !== 0) };
}

/** The rows of one signal at one threshold on the dev half, the held-out half and all questions, named alike. */
export function rowsByHalf(
  mode: AnswerMode,
  halves: { dev: readonly AnswerOutcome[]; heldOut: readonly AnswerOutcome[]; all: readonly AnswerOutcome[] },
  ms: number,
): (signal: AbstentionSignal, name: string, threshold: number) => AnswerRow[] {
  return (signal, name, threshold) => [
    rowAt(mode, threshold, halves.dev, ms, signal, `dev half, ${name}`),
    rowAt(mode, threshold, halves.heldOut, ms, signal, `**held-out half**, ${name}`),
    rowAt(mode, threshold, halves.all, ms, signal, `all, ${name}`),
  ];
}

/**
 * The answer rows of one mode: the threshold sweep over every question, then the threshold chosen on the dev half
 * (across its articles: article-calibration.ts) reported on the dev half, the held-out half and all questions; beside
 * it, as baselines measured in the same run, the threshold chosen the way it was before (highest with ≤ 5% wrongful
 * refusals on the dev half's own scores) and the coverage rule the evidence model replaced. Also the model refitted on
 * the dev half, to compare with EVIDENCE_MODEL (the constants in code).
 */
export function calibrationRows(
  mode: 'extractive' | 'llm',
  outcomes: readonly AnswerOutcome[],
  ms: number,
): { rows: AnswerRow[]; chosen: number; notes: string[] } {
  const { dev, heldOut } = splitByArticle(outcomes);
  const settings = ARTICLE_CALIBRATION;
  const chosen = calibrateAcrossArticles(dev, outOfFoldScores(dev, settings.folds), settings);
  const inSample = calibrate(dev);
  const rows = [...new Set([...SWEEP, ABSTAIN_BELOW_EVIDENCE, chosen])].sort((a, b) => a - b).map((t) => rowAt(mode, t, outcomes, ms));
  const halves = rowsByHalf(mode, { dev, heldOut, all: outcomes }, ms);
  rows.push(
    ...halves(BY_SCORE, 'evidence score', chosen),
    ...halves(BY_SCORE, 'evidence score, in-sample threshold (before)', inSample),
    ...halves(BY_COVERAGE, 'coverage (before)', calibrate(dev, 0.05, BY_COVERAGE)),
  );
  const fit = fitLogistic(
    dev.map((o) => EVIDENCE_FEATURES.map((f) => o.features[f])),
    dev.map((o) => o.answerable),
  );
  const show = (m: LogisticModel) =>
    `${m.intercept.toFixed(3)} + ${EVIDENCE_FEATURES.map((f, i) => `${m.weights[i].toFixed(3)}·${f}`).join(' + ')}`;
  const articles = (list: readonly AnswerOutcome[]) => new Set(list.map((o) => o.documentKey)).size;
  const notes = [
    `${mode}: dev half ${dev.length} questions (${articles(dev)} articles), held-out half ${heldOut.length} (${articles(heldOut)} articles); ` +
      `threshold chosen on the dev half across articles (${settings.folds}-fold out-of-fold scores, ≤ ${settings.maxRefusals * 100}% wrongful ` +
      `refusals on ${settings.confidence * 100}% of ${settings.resamples} article resamples): ${chosen.toFixed(2)} (in code: ${ABSTAIN_BELOW_EVIDENCE.toFixed(2)}); ` +
      `in-sample on the dev half, as before: ${inSample.toFixed(2)}.`,
    `${mode}: logistic fit on the dev half: ${show(fit)}; in code (EVIDENCE_MODEL): ${show({ intercept: EVIDENCE_MODEL.intercept, weights: EVIDENCE_FEATURES.map((f) => EVIDENCE_MODEL.weights[f]) })}.`,
  ];
  return { rows, chosen, notes };
}

/** The chance that an answerable item scores above an unanswerable one (ties count half); 0.5 when a kind is missing. */
export function auc<T extends Pick<Labelled, 'answerable'>>(items: readonly T[], value: (item: T) => number): number {
  const positive = items.filter((o) => o.answerable).map(value);
  const negative = items.filter((o) => !o.answerable).map(value);
  let wins = 0;
  for (const p of positive) for (const n of negative) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return positive.length && negative.length ? wins / (positive.length * negative.length) : 0.5;
}
