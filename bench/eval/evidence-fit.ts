import { ABSTAIN_BELOW_EVIDENCE, EVIDENCE_FEATURES, EVIDENCE_MODEL } from '@lectern/retrieval';
import { BY_COVERAGE, BY_SCORE, calibrate, rowAt, SWEEP, type AbstentionSignal, type AnswerOutcome, type AnswerRow } from './answer-eval';

/**
 * Calibration of the abstention rule on the dev construction, split by article so that no article's questions are
 * in both halves: a logistic model of "answerable" from evidence features is fitted on the dev half, and the
 * threshold chosen there is reported on the held-out half too.
 */

export interface Labelled {
  answerable: boolean;
  /** The article asked about (EvalDocument.key). */
  documentKey: string;
}

/**
 * Articles of each kind (ingested: answerable; left out: unanswerable) in key order, alternately dev and held out:
 * both halves get about half of each kind, and an article's questions all land on one side.
 */
export function splitByArticle<T extends Labelled>(items: readonly T[]): { dev: T[]; heldOut: T[] } {
  const dev = new Set<string>();
  for (const answerable of [true, false]) {
    const keys = [...new Set(items.filter((o) => o.answerable === answerable).map((o) => o.documentKey))].sort((a, b) =>
      a.localeCompare(b, 'en', { numeric: true }),
    );
    keys.forEach((key, i) => {
      if (i % 2 === 0) dev.add(key);
    });
  }
  return { dev: items.filter((o) => dev.has(o.documentKey)), heldOut: items.filter((o) => !dev.has(o.documentKey)) };
}

export interface LogisticModel {
  intercept: number;
  weights: number[];
}

/**
 * Logistic regression by Newton's method with a small ridge (on standardised features, so the ridge treats them
 * alike), returned in the features' own scale: P(answerable) = σ(intercept + Σ weight·x).
 */
export function fitLogistic(rows: readonly number[][], labels: readonly boolean[], ridge = 1e-2, iterations = 50): LogisticModel {
  const n = rows.length;
  const d = rows[0]?.length ?? 0;
  const mean = Array.from({ length: d }, (_, j) => rows.reduce((s, r) => s + r[j], 0) / n);
  const std = Array.from({ length: d }, (_, j) => Math.sqrt(rows.reduce((s, r) => s + (r[j] - mean[j]) ** 2, 0) / n) || 1);
  const x = rows.map((r) => [1, ...r.map((v, j) => (v - mean[j]) / std[j])]);
  const y = labels.map((l) => (l ? 1 : 0));
  let beta = new Array<number>(d + 1).fill(0);
  for (let it = 0; it < iterations; it++) {
    const gradient = new Array<number>(d + 1).fill(0);
    const hessian = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (let i = 0; i < n; i++) {
      const p = sigmoid(dot(beta, x[i]));
      const w = p * (1 - p);
      for (let a = 0; a <= d; a++) {
        gradient[a] += (y[i] - p) * x[i][a];
        for (let b = 0; b <= d; b++) hessian[a][b] += w * x[i][a] * x[i][b];
      }
    }
    for (let a = 1; a <= d; a++) {
      gradient[a] -= ridge * n * beta[a];
      hessian[a][a] += ridge * n;
    }
    const step = solve(hessian, gradient);
    beta = beta.map((b, a) => b + step[a]);
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  const weights = beta.slice(1).map((b, j) => b / std[j]);
  const intercept = beta[0] - weights.reduce((s, w, j) => s + w * mean[j], 0);
  return { intercept, weights };
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

function dot(a: readonly number[], b: readonly number[]): number {
  return a.reduce((s, v, i) => s + v * b[i], 0);
}

/** Gaussian elimination with partial pivoting (the systems here are a dozen unknowns). */
function solve(matrix: number[][], vector: number[]): number[] {
  const n = vector.length;
  const m = matrix.map((row, i) => [...row, vector[i]]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) pivot = r;
    [m[col], m[pivot]] = [m[pivot], m[col]];
    if (Math.abs(m[col][col]) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r][col] / m[col][col];
      for (let c = col; c <= n; c++) m[r][c] -= f * m[col][c];
    }
  }
  return m.map((row, i) => (Math.abs(row[i]) < 1e-12 ? 0 : row[n] / row[i]));
}

/**
 * The answer rows of one mode: the threshold sweep over every question, then the threshold chosen on the dev half
 * reported on the dev half, the held-out half and all questions — for the evidence score and, as the baseline
 * measured in the same run, the coverage rule it replaced. Also the model refitted on the dev half, to compare with
 * EVIDENCE_MODEL (the constants in code).
 */
export function calibrationRows(
  mode: 'extractive' | 'llm',
  outcomes: readonly AnswerOutcome[],
  ms: number,
): { rows: AnswerRow[]; chosen: number; notes: string[] } {
  const { dev, heldOut } = splitByArticle(outcomes);
  const chosen = calibrate(dev);
  const rows = [...new Set([...SWEEP, ABSTAIN_BELOW_EVIDENCE, chosen])].sort((a, b) => a - b).map((t) => rowAt(mode, t, outcomes, ms));
  const halves = (signal: AbstentionSignal, name: string, threshold: number) => [
    rowAt(mode, threshold, dev, ms, signal, `dev half, ${name}`),
    rowAt(mode, threshold, heldOut, ms, signal, `**held-out half**, ${name}`),
    rowAt(mode, threshold, outcomes, ms, signal, `all, ${name}`),
  ];
  rows.push(...halves(BY_SCORE, 'evidence score', chosen), ...halves(BY_COVERAGE, 'coverage (before)', calibrate(dev, 0.05, BY_COVERAGE)));
  const fit = fitLogistic(
    dev.map((o) => EVIDENCE_FEATURES.map((f) => o.features[f])),
    dev.map((o) => o.answerable),
  );
  const show = (m: LogisticModel) =>
    `${m.intercept.toFixed(3)} + ${EVIDENCE_FEATURES.map((f, i) => `${m.weights[i].toFixed(3)}·${f}`).join(' + ')}`;
  const articles = (list: readonly AnswerOutcome[]) => new Set(list.map((o) => o.documentKey)).size;
  const notes = [
    `${mode}: dev half ${dev.length} questions (${articles(dev)} articles), held-out half ${heldOut.length} (${articles(heldOut)} articles); ` +
      `threshold chosen on the dev half: ${chosen.toFixed(2)} (in code: ${ABSTAIN_BELOW_EVIDENCE.toFixed(2)}).`,
    `${mode}: logistic fit on the dev half: ${show(fit)}; in code (EVIDENCE_MODEL): ${show({ intercept: EVIDENCE_MODEL.intercept, weights: EVIDENCE_FEATURES.map((f) => EVIDENCE_MODEL.weights[f]) })}.`,
  ];
  return { rows, chosen, notes };
}
