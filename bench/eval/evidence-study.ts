import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { EVIDENCE_FEATURES, evidenceOf } from '@lectern/retrieval';
import { answerTable, type AnswerOutcome, type RecordedRetrieval } from './answer-eval';
import { auc, calibrationRows, splitByArticle } from './evidence-fit';

/**
 * Offline: `node dist/bench/eval/evidence-study.js [dir]` recomputes every recorded question's evidence with the code
 * as it is now from what `npm run eval -- --answers` recorded (answer-replay.json: each question's retrieval;
 * answer-outcomes-extractive.json: its answer, scored with abstention off), then prints each feature's AUC
 * (answerable vs unanswerable) on the dev and held-out halves, and the calibration rows the eval would print.
 */
async function main(): Promise<void> {
  const dir = process.argv[2] ?? path.join('bench', '.data');
  const replay = JSON.parse(await fs.readFile(path.join(dir, 'answer-replay.json'), 'utf8')) as RecordedRetrieval[];
  const recorded = JSON.parse(await fs.readFile(path.join(dir, 'answer-outcomes-extractive.json'), 'utf8')) as AnswerOutcome[];
  const answerOf = new Map(recorded.map((o) => [`${o.documentKey}\u0000${o.question}`, o]));
  const outcomes = replay.map((r): AnswerOutcome => {
    const q = r.question;
    const evidence = evidenceOf(q.question, new Map(r.termWeights), { hits: r.hits, passages: r.passages });
    const answer = answerOf.get(`${q.documentKey}\u0000${q.question}`);
    if (!answer) throw new Error(`no recorded outcome for "${q.question}" (${q.documentKey}): record both files in one run`);
    const features = Object.fromEntries(EVIDENCE_FEATURES.map((f) => [f, evidence[f]])) as AnswerOutcome['features'];
    return { ...answer, score: evidence.score, coverage: evidence.coverage, features };
  });
  const { dev, heldOut } = splitByArticle(outcomes);
  for (const feature of [...EVIDENCE_FEATURES, 'score'] as const) {
    const value = (o: AnswerOutcome) => (feature === 'score' ? o.score : o.features[feature]);
    console.log(`AUC ${feature}: dev ${auc(dev, value).toFixed(3)}, held out ${auc(heldOut, value).toFixed(3)}`);
  }
  const { rows, notes } = calibrationRows('extractive', outcomes, 0);
  console.log(`\n${answerTable(rows)}\n${notes.join('\n')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
