import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { buildSources, DEFAULT_SOURCE_TOKENS, evidenceOf, extractiveAnswer, isTooWeak } from '@lectern/retrieval';
import { TiktokenCounter } from '@lectern/text';
import { mulberry32 } from '../../test/support/mulberry32';
import { goldHolder, type RecordedRetrieval } from './answer-eval';

/**
 * `node dist/bench/eval/evidence-noise-sample.js [n] [seed]`: the construction's label noise, for reading by hand.
 * Draws n (default 40) "unanswerable" questions (about articles not ingested) that the shipped evidence score
 * answers, and prints each with its own article's gold answer, the extractive answer and the cited sentences, so a
 * reader can count how many an ingested paper does answer. It prints; it decides nothing and changes no label.
 */
async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 40);
  const random = mulberry32(Number(process.argv[3] ?? 19));
  const replay = JSON.parse(await fs.readFile(path.join('bench', '.data', 'answer-replay.json'), 'utf8')) as RecordedRetrieval[];
  const counter = new TiktokenCounter();
  const answered = replay.filter((r) => {
    if (r.answerable) return false;
    return !isTooWeak(evidenceOf(r.question.question, new Map(r.termWeights), { hits: r.hits, passages: r.passages }));
  });
  const unanswerable = replay.filter((r) => !r.answerable).length;
  console.log(`${answered.length} of ${unanswerable} unanswerable questions are answered at the shipped threshold; ${n} drawn.\n`);
  const pool = [...answered];
  for (let i = 0; i < Math.min(n, pool.length); i++) {
    const [r] = pool.splice(Math.floor(random() * pool.length), 1);
    const termWeights = new Map(r.termWeights);
    const sources = buildSources({ hits: r.hits, passages: r.passages }, { maxTokens: DEFAULT_SOURCE_TOKENS, counter });
    const answer = extractiveAnswer(r.question.question, sources, '', { termWeights });
    const holds = goldHolder(r.question);
    console.log(`#${i + 1} Q: ${r.question.question}\n   own article's gold: ${r.question.gold.answers[0] ?? ''}`);
    console.log(`   answer (holds own gold: ${answer ? holds(answer.answer) : false}): ${answer?.answer ?? '(none)'}`);
    for (const c of answer?.citations ?? []) console.log(`   [${c.n}] ${c.articleTitle} — ${c.quote ?? ''}`);
    console.log('');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
