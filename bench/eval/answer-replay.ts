import {
  buildSources,
  DEFAULT_COMPOSITION,
  DEFAULT_RANKER_WEIGHTS,
  DEFAULT_SOURCE_TOKENS,
  extractiveAnswer,
  NO_ANSWER_TEXT,
  type Answer,
  type CompositionRules,
  type RankerWeights,
} from '@lectern/retrieval';
import { splitSentences, TiktokenCounter } from '@lectern/text';
import { goldCheck, type RecordedRetrieval } from './answer-eval';
import { loadReplayRecords } from './replay-records';

/**
 * `node dist/bench/eval/answer-replay.js [--misses N]`: replays the retrievals recorded by `npm run eval -- --answers`
 * (bench/.data/answer-replay.json) through the extractive composer, abstention off, and reports gold in answer
 * and mean words for the tuning half (questions about even-indexed ingested articles), the held-out half (odd) and
 * both, with a breakdown of the misses: is the gold in the first / top-five sources, how long is it, does it run
 * across sentences. Composition only: retrieval is what the recorded run saw.
 */
interface Replayed {
  half: 'tune' | 'held-out';
  question: string;
  gold: string[];
  answer: string;
  hit: boolean;
  words: number;
  goldInFirst: boolean;
  goldInTopFive: boolean;
  goldWords: number;
  goldSpansSentences: boolean;
}

function main(): void {
  const records = loadReplayRecords();
  const counter = new TiktokenCounter();
  const ranker: RankerWeights = { ...DEFAULT_RANKER_WEIGHTS };
  const composition: CompositionRules = { ...DEFAULT_COMPOSITION };
  // --set name=value overrides one ranker weight or composition rule, for trying values on the tuning half.
  process.argv.forEach((arg, i) => {
    if (arg !== '--set') return;
    const [name, value] = process.argv[i + 1].split('=');
    if (name in ranker) ranker[name as keyof RankerWeights] = Number(value);
    else if (name in composition) composition[name as keyof CompositionRules] = Number(value);
    else throw new Error(`unknown setting ${name}`);
  });
  // As AnswerComposer without an LLM and with abstention off: the sources it numbers, then the extractive answer.
  const replayed = records.map(({ record, half }) => {
    const termWeights = new Map(record.termWeights);
    const sources = buildSources({ hits: record.hits, passages: record.passages }, { maxTokens: DEFAULT_SOURCE_TOKENS, counter });
    const answer = extractiveAnswer(record.question.question, sources, '', { termWeights, ranker, composition }) ?? {
      answer: NO_ANSWER_TEXT,
      citations: [],
      llm: false,
    };
    return replay(record, answer, half);
  });
  report(replayed);
}

function replay(record: RecordedRetrieval, answer: Answer, half: Replayed['half']): Replayed {
  const { holds, hit, words } = goldCheck(answer, record.question);
  const sourceTexts = [
    ...record.passages.map((p) => p.text),
    ...record.hits.filter((h) => !record.passages.some((p) => p.contexts.some((c) => c.id === h.contextId))).map((h) => h.text),
  ];
  const goldText = record.question.gold.answers[0] ?? '';
  return {
    half,
    question: record.question.question,
    gold: record.question.gold.answers,
    answer: answer.answer,
    hit,
    words,
    goldInFirst: sourceTexts.slice(0, 1).some(holds),
    goldInTopFive: sourceTexts.slice(0, 5).some(holds),
    goldWords: goldText.split(/\s+/).filter((w) => w.length > 0).length,
    goldSpansSentences: splitSentences(goldText).length > 1,
  };
}

function report(all: Replayed[]): void {
  const pct = (n: number, of: number) => `${of ? ((100 * n) / of).toFixed(1) : '0.0'}%`;
  for (const [name, rows] of [
    ['tune (even-indexed articles)', all.filter((r) => r.half === 'tune')],
    ['held-out (odd-indexed articles)', all.filter((r) => r.half === 'held-out')],
    ['all', all],
  ] as const) {
    const answered = rows.filter((r) => r.words > 0);
    const words = answered.reduce((s, r) => s + r.words, 0) / Math.max(1, answered.length);
    const misses = rows.filter((r) => !r.hit);
    console.log(
      `${name}: ${rows.length} questions, gold in answer ${pct(rows.filter((r) => r.hit).length, rows.length)}, mean words ${words.toFixed(1)}; ` +
        `misses ${misses.length}: gold in first source ${misses.filter((r) => r.goldInFirst).length}, in top five ${misses.filter((r) => r.goldInTopFive).length}, ` +
        `in none of the top five ${misses.filter((r) => !r.goldInTopFive).length}; gold > 25 words ${misses.filter((r) => r.goldWords > 25).length}, ` +
        `gold over several sentences ${misses.filter((r) => r.goldSpansSentences).length}`,
    );
  }
  const at = process.argv.indexOf('--misses');
  const show = at > 0 ? Number(process.argv[at + 1]) : 0;
  const tuneMisses = all.filter((r) => r.half === 'tune' && !r.hit && r.goldInTopFive);
  for (const r of tuneMisses.slice(0, show)) {
    console.log(`\nQ: ${r.question}\nGOLD: ${r.gold[0]}\nA: ${r.answer}\n(first ${r.goldInFirst}, top5 ${r.goldInTopFive})`);
  }
}

main();
