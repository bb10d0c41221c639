import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../../test/support/paths';
import type { RecordedRetrieval } from './answer-eval';
import { articleFolds } from './article-calibration';

export type ReplayHalf = 'tune' | 'held-out';

/**
 * The answerable retrievals recorded by `npm run eval -- --answers` (bench/.data/answer-replay.json), each with its
 * half: questions about even-indexed ingested articles (in id order) tune, the odd-indexed ones are held out (the
 * evidence fit's split, `articleFolds(…, 2)`).
 */
export function loadReplayRecords(): Array<{ record: RecordedRetrieval; half: ReplayHalf }> {
  const file = path.join(REPO_ROOT, 'bench', '.data', 'answer-replay.json');
  const records = (JSON.parse(readFileSync(file, 'utf8')) as RecordedRetrieval[]).filter((r) => r.answerable);
  const half = articleFolds(
    records.map((r) => ({ answerable: r.answerable, documentKey: r.question.documentKey })),
    2,
  );
  return records.map((record) => ({ record, half: half.get(record.question.documentKey) === 0 ? 'tune' : 'held-out' }));
}
