import * as path from 'node:path';
import {
  ABSTAIN_BELOW_EVIDENCE,
  ABSTAIN_BELOW_RERANKED_EVIDENCE,
  CROSS_ENCODER_MODEL,
  localCrossEncoderWeights,
  RERANKED_EVIDENCE_FEATURES,
  RERANKED_EVIDENCE_MODEL,
} from '@lectern/retrieval';
import { BY_SCORE, rowAt, SWEEP, type AbstentionSignal, type AnswerOutcome, type AnswerRow } from './answer-eval';
import { ARTICLE_CALIBRATION, calibrateAcrossArticles, fitRows, outOfFoldScores, scoreRow } from './article-calibration';
import { rowsByHalf, splitByArticle } from './evidence-fit';

/**
 * The `extractive + cross-encoder` answer rows (issue 19: abstention from "the cross-encoder … when configured"): the
 * reranked evidence model (evidence-reranked.ts) fitted on the dev half and its threshold chosen across the dev half's
 * articles exactly as the lexical one is (article-calibration.ts), reported on the held-out half.
 */

const MODE = 'extractive + cross-encoder' as const;

/**
 * Why the rows cannot run, or null when they can: only a cross-encoder already under MODELS_DIR is used (never a
 * download), so that the rows measure the model an operator has.
 */
export function crossEncoderSkipReason(modelsDir: string, model = CROSS_ENCODER_MODEL): string | null {
  if (localCrossEncoderWeights(modelsDir, model) !== null) return null;
  const dir = path.join(modelsDir, ...model.split('/'));
  // Relative when under the working directory (the default ./models), so the written table names no machine path.
  const relative = path.relative(process.cwd(), dir);
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? dir : relative;
  return (
    `${MODE}: skipped — no cross-encoder under MODELS_DIR (${shown} needs config.json, ` +
    'tokenizer.json and onnx/model.onnx or onnx/model_quantized.onnx); put the model there and rerun `npm run eval -- --answers` to calibrate it.'
  );
}

/** The reranked model's features of an outcome; null when no hit was scored (every hit dropped: refused anyway). */
function featureRow(o: AnswerOutcome): number[] | null {
  const ce = o.crossEncoder;
  if (!ce) return null;
  const all: Record<string, number> = { ...o.features, crossEncoder: ce.crossEncoder };
  return RERANKED_EVIDENCE_FEATURES.map((f) => all[f]);
}

/**
 * The rows: the shipped reranked score swept over every question; the model fitted on the dev half at the threshold
 * chosen there across articles, on the dev half, the held-out half and all; and, in the same run, the shipped model at
 * its threshold and the lexical score of the same reranked sources at the lexical threshold. Notes print the fit in
 * RERANKED_EVIDENCE_MODEL's shape, to paste with the threshold into evidence-reranked.ts.
 */
export function rerankedCalibrationRows(
  outcomes: readonly AnswerOutcome[],
  ms: number,
): { rows: AnswerRow[]; chosen: number; notes: string[] } {
  const { dev, heldOut } = splitByArticle(outcomes);
  const settings = ARTICLE_CALIBRATION;
  const chosen = calibrateAcrossArticles(dev, outOfFoldScores(dev, settings.folds, featureRow), settings);
  const model = fitRows(dev, featureRow);
  const fitted: AbstentionSignal = (o) => scoreRow(model, featureRow(o));
  const lexical: AbstentionSignal = (o) => o.crossEncoder?.lexicalScore ?? o.score;
  const shipped = 'reranked evidence, shipped model (not fitted)';
  const rows = [...new Set([...SWEEP, ABSTAIN_BELOW_RERANKED_EVIDENCE])]
    .sort((a, b) => a - b)
    .map((t) => rowAt(MODE, t, outcomes, ms, undefined, `all, ${shipped}`));
  const halves = rowsByHalf(MODE, { dev, heldOut, all: outcomes }, ms);
  rows.push(
    ...halves(fitted, 'reranked evidence fitted on the dev half', chosen),
    ...halves(BY_SCORE, shipped, ABSTAIN_BELOW_RERANKED_EVIDENCE),
    ...halves(lexical, 'lexical evidence of the reranked sources', ABSTAIN_BELOW_EVIDENCE),
  );
  const show = (m: { intercept: number; weights: number[] }) =>
    `${m.intercept.toFixed(3)} + ${RERANKED_EVIDENCE_FEATURES.map((f, i) => `${m.weights[i].toFixed(3)}·${f}`).join(' + ')}`;
  const unscored = outcomes.filter((o) => !o.crossEncoder).length;
  const notes = [
    `${MODE}: the cross-encoder reranks (chat's \`rerank\`, default threshold); ${unscored} of ${outcomes.length} questions kept no scored hit ` +
      `(refused, whatever the model); threshold chosen on the dev half across articles as for extractive: ${chosen.toFixed(2)} ` +
      `(in code, not measured: ${ABSTAIN_BELOW_RERANKED_EVIDENCE.toFixed(2)}, \`ABSTAIN_BELOW_RERANKED_EVIDENCE\`).`,
    `${MODE}: logistic fit on the dev half: ${model ? show(model) : 'none (one class only)'}; ` +
      `in code, not measured (RERANKED_EVIDENCE_MODEL): ${show({ intercept: RERANKED_EVIDENCE_MODEL.intercept, weights: RERANKED_EVIDENCE_FEATURES.map((f) => RERANKED_EVIDENCE_MODEL.weights[f]) })}.`,
  ];
  return { rows, chosen, notes };
}
