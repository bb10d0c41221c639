import { EVIDENCE_FEATURES } from '@lectern/retrieval';
import { mulberry32 } from '../../test/support/mulberry32';
import type { AnswerOutcome } from './answer-eval';
import { fitLogistic, sigmoid, type LogisticModel } from './logistic-fit';

/**
 * A threshold that transfers to articles it was not chosen on. Choosing the highest threshold with ≤ 5% wrongful
 * refusals on the very questions the model was fitted to overshoots on new articles (issue 19: 5.0% on the dev half,
 * 9.7% held out): the model fits its own questions too well, and an article's questions fail together, so 240
 * questions from 16 articles say less than their count suggests. Both are corrected for on the dev half alone:
 * scores come from models fitted without the question's article (k folds of articles), and the threshold must keep
 * wrongful refusals ≤ the bound on most resamples of the answerable articles (a bootstrap over articles).
 */
export interface ArticleCalibration {
  /** Folds of articles for the out-of-fold scores. */
  folds: number;
  maxRefusals: number;
  /** Share of article resamples on which the threshold must keep wrongful refusals ≤ maxRefusals. */
  confidence: number;
  resamples: number;
  seed: number;
}

export const ARTICLE_CALIBRATION: ArticleCalibration = { folds: 5, maxRefusals: 0.05, confidence: 0.8, resamples: 400, seed: 19 };

export interface Labelled {
  answerable: boolean;
  /** The article asked about (EvalDocument.key). */
  documentKey: string;
}

/** Articles of each kind in key order, dealt round the folds: every fold gets both kinds, an article one fold. */
export function articleFolds(items: readonly Labelled[], folds: number): Map<string, number> {
  const fold = new Map<string, number>();
  for (const answerable of [true, false]) {
    const keys = [...new Set(items.filter((o) => o.answerable === answerable).map((o) => o.documentKey))].sort((a, b) =>
      a.localeCompare(b, 'en', { numeric: true }),
    );
    keys.forEach((key, i) => fold.set(key, i % folds));
  }
  return fold;
}

/** An item's feature row for a model; null when it has none (it is left out of fits and scores 0). */
export type FeatureRow<T> = (item: T) => number[] | null;

/** The shipped evidence model's four features. */
export const evidenceRow: FeatureRow<AnswerOutcome> = (o) => EVIDENCE_FEATURES.map((f) => o.features[f]);

/** A logistic model of "answerable" over `row`, fitted on `train`; null when no item has a row or only one kind does. */
export function fitRows<T extends Labelled>(train: readonly T[], row: FeatureRow<T>): LogisticModel | null {
  const usable = train.flatMap((o) => {
    const x = row(o);
    return x ? [{ x, answerable: o.answerable }] : [];
  });
  if (usable.length === 0 || usable.every((u) => u.answerable === usable[0].answerable)) return null;
  return fitLogistic(
    usable.map((u) => u.x),
    usable.map((u) => u.answerable),
  );
}

/** `model`'s score of a feature row; 0 without a model or a row. */
export function scoreRow(model: LogisticModel | null, x: number[] | null): number {
  if (!model || !x) return 0;
  return sigmoid(x.reduce((z, v, j) => z + model.weights[j] * v, model.intercept));
}

/** Each outcome's score by a model over `row` (the evidence features unless given) refitted on the other folds' articles. */
export function outOfFoldScores(outcomes: readonly AnswerOutcome[], folds: number): number[];
export function outOfFoldScores<T extends Labelled>(outcomes: readonly T[], folds: number, row: FeatureRow<T>): number[];
export function outOfFoldScores(outcomes: readonly Labelled[], folds: number, row = evidenceRow as FeatureRow<Labelled>): number[] {
  const foldOf = articleFolds(outcomes, folds);
  const scores = new Array<number>(outcomes.length).fill(0);
  for (let k = 0; k < folds; k++) {
    const model = fitRows(
      outcomes.filter((o) => foldOf.get(o.documentKey) !== k),
      row,
    );
    outcomes.forEach((o, i) => {
      if (foldOf.get(o.documentKey) === k) scores[i] = scoreRow(model, row(o));
    });
  }
  return scores;
}

/**
 * The highest threshold (in steps of 0.01) whose wrongful refusals, over the answerable questions of articles drawn
 * with replacement, stay ≤ maxRefusals on at least `confidence` of the resamples. `scores[i]` is outcome i's score.
 */
export function calibrateAcrossArticles(
  outcomes: ReadonlyArray<Labelled & Pick<AnswerOutcome, 'refusedAnyway'>>,
  scores: readonly number[],
  settings: ArticleCalibration = ARTICLE_CALIBRATION,
): number {
  const byArticle = new Map<string, number[]>();
  outcomes.forEach((o, i) => {
    if (!o.answerable) return;
    byArticle.set(o.documentKey, [...(byArticle.get(o.documentKey) ?? []), i]);
  });
  const articles = [...byArticle.values()];
  if (articles.length === 0) return 0;
  // Seeded: the same resamples on every run, so the chosen threshold is reproducible.
  const random = mulberry32(settings.seed);
  const resamples = Array.from({ length: settings.resamples }, () =>
    articles.flatMap(() => articles[Math.floor(random() * articles.length)]),
  );
  let best = 0;
  for (let step = 0; step <= 100; step++) {
    const t = step / 100;
    const refuses = (i: number) => outcomes[i].refusedAnyway || scores[i] < t;
    const within = resamples.filter((sample) => sample.filter(refuses).length <= settings.maxRefusals * sample.length).length;
    if (within >= settings.confidence * resamples.length) best = t;
  }
  return best;
}
