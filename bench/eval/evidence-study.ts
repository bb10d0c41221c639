import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { evidenceFeatures, weightedQuestionTerms, type EvidenceContext } from '@lectern/retrieval';
import type { RetrievalRecord } from './answer-eval';

/** Offline: every recorded question's evidence features as CSV (in the directory given, else bench/.data, run from the repo). */
async function main(): Promise<void> {
  const dir = process.argv[2] ?? path.join('bench', '.data');
  const record = JSON.parse(await fs.readFile(path.join(dir, 'answer-retrievals-extractive.json'), 'utf8')) as RetrievalRecord;
  const rows: string[] = [];
  for (const q of record.questions) {
    const contexts: EvidenceContext[] = [];
    const seen = new Set<string>();
    for (const [id] of q.hits) {
      if (seen.has(id)) continue;
      seen.add(id);
      const c = record.contexts[id];
      contexts.push({ id, text: c.text, sectionTitle: c.sectionTitle, articleId: c.articleId, articleTitle: c.articleTitle });
    }
    const f = evidenceFeatures(weightedQuestionTerms(q.question, new Map(q.termWeights)), contexts);
    if (rows.length === 0) rows.push(['answerable', 'documentKey', ...Object.keys(f)].join(','));
    rows.push([q.answerable ? 1 : 0, q.documentKey, ...Object.values(f).map((v) => (typeof v === 'number' ? v.toFixed(5) : ''))].join(','));
  }
  await fs.writeFile(path.join(dir, 'evidence-features.csv'), rows.join('\n'));
  console.log(`${rows.length - 1} questions → ${path.join(dir, 'evidence-features.csv')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
