import {
  buildSources,
  DEFAULT_ANSWER_WORDS,
  DEFAULT_RANKER_WEIGHTS,
  DEFAULT_SOURCE_TOKENS,
  extractiveAnswer,
  NO_ANSWER_TEXT,
  rankSentences,
  type AnswerSource,
  type RankedSentence,
} from '@lectern/retrieval';
import { TiktokenCounter } from '@lectern/text';
import { goldCheck, type RecordedRetrieval } from './answer-eval';
import { holdsAnswer, normaliseAnswerText } from './answer-text';
import { loadReplayRecords, type ReplayHalf } from './replay-records';

/**
 * `node dist/bench/eval/answer-misses.js [tune|held-out|all] [--show CLASS]`: sorts the extractive answer's misses
 * (abstention off, the recorded retrievals of bench/.data/answer-replay.json) into where the gold was lost —
 * retrieval (in no source the ranker reads), text (the source holds it only with spaces ignored), ranking (a
 * sentence holding it, or its start, was not chosen) or the cut (its start was chosen but it runs on, or it is
 * longer than an answer) — and prints the count per class. Study the tuning half; the held-out half is for counts.
 */
/** Words of the gold's start that identify the sentence it starts in, when it runs over several. */
const START_WORDS = 6;

function missClass(record: RecordedRetrieval, sources: AnswerSource[], quoted: Set<string>, holds: (t: string) => boolean): string {
  const termWeights = new Map(record.termWeights);
  const read = sources.slice(0, DEFAULT_RANKER_WEIGHTS.sources);
  const textOf = (list: ReadonlyArray<{ text: string }>) => list.map((x) => x.text).join('\n');
  const readText = read.flatMap((s) => s.contexts).map((c) => c.text);
  const gold = normaliseAnswerText(record.question.gold.answers[0] ?? '');
  const squashed = (text: string) => normaliseAnswerText(text).replace(/ /g, '').includes(gold.replace(/ /g, ''));
  if (!holds(readText.join('\n'))) {
    if (squashed(readText.join('\n'))) return 'text: the sources hold the gold only with spaces ignored';
    if (holds(textOf(record.hits))) return 'retrieval: gold only in hits past those the ranker reads';
    if (squashed(textOf(record.hits))) return 'text: a later hit holds the gold only with spaces ignored';
    return 'retrieval or text: gold in none of the recorded hits';
  }
  // The per-answer cap, not the ~60-word mean: a gold up to the cap fits in one answer.
  if (gold.split(' ').length > DEFAULT_ANSWER_WORDS) return 'cut: gold longer than an answer';
  const { contexts, ranked } = rankSentences(record.question.question, read, termWeights);
  const sentences = contexts.flatMap((c) => c.sentences);
  const holder = sentences.find((s) => holds(s.text));
  if (holder) {
    if (quoted.has(holder.text)) return 'chosen: the quoted sentence holds the gold, the answer text does not';
    if (!holder.quotable) return 'ranking: the sentence holding the gold is not quotable';
    return `ranking: the sentence holding the gold ranks ${rankBand(ranked, holder)}`;
  }
  const start = gold.split(' ').slice(0, START_WORDS).join(' ');
  const starter = sentences.find((s) => holdsAnswer(normaliseAnswerText(s.text), start));
  if (starter && quoted.has(starter.text)) return 'cut: gold runs over sentences, its start chosen';
  return 'ranking: gold runs over sentences, its start not chosen';
}

function rankBand(ranked: RankedSentence[], sentence: RankedSentence): string {
  const rank = ranked.indexOf(sentence);
  if (rank < 0) return 'nowhere (no candidate)';
  if (rank < 3) return '2nd-3rd';
  return rank < 10 ? '4th-10th' : 'past 10th';
}

function main(): void {
  const half = (process.argv[2] ?? 'tune') as ReplayHalf | 'all';
  const showAt = process.argv.indexOf('--show');
  const show = showAt > 0 ? process.argv[showAt + 1] : undefined;
  const counter = new TiktokenCounter();
  const classes = new Map<string, string[]>();
  let questions = 0;
  for (const { record, half: recordHalf } of loadReplayRecords()) {
    if (half !== 'all' && recordHalf !== half) continue;
    questions += 1;
    const sources = buildSources({ hits: record.hits, passages: record.passages }, { maxTokens: DEFAULT_SOURCE_TOKENS, counter });
    const answer = extractiveAnswer(record.question.question, sources, '', { termWeights: new Map(record.termWeights) }) ?? {
      answer: NO_ANSWER_TEXT,
      citations: [],
      llm: false,
    };
    const { hit, holds } = goldCheck(answer, record.question);
    if (hit) continue;
    const quoted = new Set(answer.citations.map((c) => c.quote ?? ''));
    const name = missClass(record, sources, quoted, holds);
    classes.set(name, [
      ...(classes.get(name) ?? []),
      `Q: ${record.question.question}\n  gold: ${record.question.gold.answers[0]}\n  answer: ${answer.answer}`,
    ]);
  }
  const misses = [...classes.values()].reduce((n, list) => n + list.length, 0);
  console.log(`${half}: ${questions} questions, ${misses} misses`);
  for (const [name, list] of [...classes].sort((a, b) => a[0].localeCompare(b[0]))) {
    console.log(`${String(list.length).padStart(4)}  ${name}`);
    if (show !== undefined && name.startsWith(show)) list.forEach((line) => console.log(`      ${line.replace(/\n/g, '\n      ')}`));
  }
}

main();
