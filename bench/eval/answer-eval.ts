import type { CorpusDb } from '@lectern/corpus';
import type { Embedder } from '@lectern/embeddings';
import type { LlmClient } from '@lectern/llm';
import {
  ABSTAIN_BELOW_EVIDENCE,
  AnswerComposer,
  EVIDENCE_FEATURES,
  NO_ANSWER_TEXT,
  RetrievalPipeline,
  SearchService,
  type Answer,
  type EvidenceFeature,
  type AnswerSourcesInput,
  type CrossEncoderFeature,
  type Reranker,
  type SearchMode,
} from '@lectern/retrieval';
import { holdsAnswer, normaliseAnswerText } from './answer-text';
import type { EvalDocument, EvalQuestion } from './eval.types';

/** The dev construction (issue 19): every other COVID-QA article is ingested; the rest are asked about but absent. */
export interface AnswerDevSet {
  ingested: EvalDocument[];
  /** Questions about ingested articles. */
  answerable: EvalQuestion[];
  /** Questions about the articles left out: the right answer is "the sources don't say". */
  unanswerable: EvalQuestion[];
}

/** Articles in key order, alternately in and out: both halves span the file's topics alike. */
export function splitDevSet(documents: readonly EvalDocument[], questions: readonly EvalQuestion[]): AnswerDevSet {
  const sorted = [...documents].sort((a, b) => a.key.localeCompare(b.key, 'en', { numeric: true }));
  const inKeys = new Set(sorted.filter((_, i) => i % 2 === 0).map((d) => d.key));
  return {
    ingested: sorted.filter((d) => inKeys.has(d.key)),
    answerable: questions.filter((q) => inKeys.has(q.documentKey)),
    unanswerable: questions.filter((q) => !inKeys.has(q.documentKey)),
  };
}

export interface AnswerOutcome {
  answerable: boolean;
  /** The article the question was asked about (EvalDocument.key): calibration splits by it. */
  documentKey: string;
  /** The composer's evidence score (0..1), what abstention decides on. */
  score: number;
  /** The best context's coverage alone: the rule before the evidence model, for comparison in the same run. */
  coverage: number;
  /** The model's features, for refitting it. */
  features: Record<EvidenceFeature, number>;
  /**
   * With a cross-encoder reranking: its features (evidence-reranked.ts) and the lexical model's score of the same
   * sources; `score` is then the reranked model's. Absent when no hit was scored (or every hit was dropped).
   */
  crossEncoder?: Record<CrossEncoderFeature, number> & { lexicalScore: number };
  question: string;
  /** With abstention off: the answer text holds a gold answer. */
  goldInAnswer: boolean;
  words: number;
  citations: number;
  /** Citations whose quoted sentence holds a gold answer. */
  citationsWithGold: number;
  /** The composer said "the sources don't say" on its own (LLM refusal, nothing quotable). */
  refusedAnyway: boolean;
}

/** `extractive + cross-encoder`: extractive, with the cross-encoder reranking (chat's `rerank`, default threshold). */
export type AnswerMode = 'extractive' | 'llm' | 'extractive + cross-encoder';

export interface AnswerRow {
  mode: AnswerMode;
  /** Which questions and which signal, when not every question by the evidence score. */
  label: string;
  threshold: number;
  answerable: number;
  unanswerable: number;
  goldInAnswer: number;
  meanWords: number;
  citationPrecision: number;
  abstainUnanswerable: number;
  wrongfulRefusals: number;
  msPerQuestion: number;
}

export interface AnswerEvalDeps {
  corpus: CorpusDb;
  embedder: Embedder;
  searchMode: SearchMode;
  llm: LlmClient | null;
  /** For the `extractive + cross-encoder` rows: the cross-encoder alone (cross-encoder-rows.ts). */
  rerankers?: readonly Reranker[];
}

/**
 * Asks every dev question through the same retrieval and composer as `POST /chat` and `lectern ask` (their default
 * settings: the embedder's search mode, k 80, no expansion), with abstention off so every question's evidence is
 * recorded; abstention at a threshold is then applied to the recorded outcomes.
 */
/** Optional recorder of what each question retrieved (bench/.data, not committed). */
export interface AnswerRecorders {
  replay?: RecordedRetrieval[];
}

export async function runAnswers(
  deps: AnswerEvalDeps,
  dev: AnswerDevSet,
  mode: AnswerMode,
  record?: AnswerRecorders,
): Promise<{ outcomes: AnswerOutcome[]; ms: number }> {
  const search = new SearchService(deps.corpus, deps.embedder);
  const reranked = mode === 'extractive + cross-encoder';
  const pipeline = new RetrievalPipeline({
    search,
    corpus: deps.corpus,
    llm: mode === 'llm' ? deps.llm : null,
    rerankers: reranked ? deps.rerankers : undefined,
  });
  const composer = new AnswerComposer(mode === 'llm' ? deps.llm : null, { abstainBelow: 0 });
  const outcomes: AnswerOutcome[] = [];
  const started = process.hrtime.bigint();
  const all = [...dev.answerable.map((q) => ({ q, answerable: true })), ...dev.unanswerable.map((q) => ({ q, answerable: false }))];
  for (const { q, answerable } of all) {
    const result = await pipeline.retrieve(q.question, { mode: deps.searchMode, rerank: reranked });
    const answer = await composer.answer(q.question, [], result);
    outcomes.push(score(answer, q, answerable));
    record?.replay?.push(recorded(q, answerable, result));
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { outcomes, ms: all.length ? ms / all.length : 0 };
}

/**
 * One question's retrieval as the composer saw it, for replaying answer composition (answer-replay.ts) and studying
 * the evidence (evidence-study.ts) offline.
 */
export interface RecordedRetrieval {
  question: EvalQuestion;
  answerable: boolean;
  hits: AnswerSourcesInput['hits'];
  passages: AnswerSourcesInput['passages'];
  termWeights: Array<[string, number]>;
}

function recorded(question: EvalQuestion, answerable: boolean, result: AnswerSourcesInput): RecordedRetrieval {
  return {
    question,
    answerable,
    hits: result.hits,
    passages: result.passages,
    termWeights: [...(result.termWeights ?? new Map<string, number>())],
  };
}

/** Whether a text holds one of the question's gold answers (both normalised): the eval's and the ranker fit's one test. */
export function goldHolder(question: EvalQuestion): (text: string) => boolean {
  const gold = question.gold.answers.map(normaliseAnswerText).filter((g) => g.length > 0);
  return (text) => {
    const normalised = normaliseAnswerText(text);
    return gold.some((g) => holdsAnswer(normalised, g));
  };
}

/**
 * How an answer fares against a question's gold, as both evals count it: `holds(text)` says a text contains a gold
 * answer; `hit` is an answer (markers removed) holding one; `words` counts the answer's words (0 when refused).
 */
export function goldCheck(
  answer: Answer,
  question: EvalQuestion,
): { holds: (text: string) => boolean; refused: boolean; hit: boolean; words: number } {
  const holds = goldHolder(question);
  const refused = answer.answer.includes(NO_ANSWER_TEXT);
  const text = answer.answer.replace(/\s*\[\d+(?:\s*[,–-]\s*\d+)*\]/g, '');
  return { holds, refused, hit: !refused && holds(text), words: refused ? 0 : text.split(/\s+/).filter((w) => w.length > 0).length };
}

function score(answer: Answer, question: EvalQuestion, answerable: boolean): AnswerOutcome {
  const { holds, refused, hit, words } = goldCheck(answer, question);
  return {
    answerable,
    documentKey: question.documentKey,
    score: answer.evidence?.score ?? 0,
    coverage: answer.evidence?.coverage ?? 0,
    features: Object.fromEntries(EVIDENCE_FEATURES.map((f) => [f, answer.evidence?.[f] ?? 0])) as Record<EvidenceFeature, number>,
    ...(answer.evidence?.crossEncoder
      ? {
          crossEncoder: {
            crossEncoder: answer.evidence.crossEncoder.crossEncoder,
            lexicalScore: answer.evidence.crossEncoder.lexicalScore,
          },
        }
      : {}),
    question: question.question,
    goldInAnswer: hit,
    words,
    citations: answer.citations.length,
    citationsWithGold: answer.citations.filter((c) => c.quote !== undefined && holds(c.quote)).length,
    refusedAnyway: refused,
  };
}

/** What abstention decides on: the evidence model's score (the default), or the coverage rule it replaced. */
export type AbstentionSignal = (o: AnswerOutcome) => number;
export const BY_SCORE: AbstentionSignal = (o) => o.score;
export const BY_COVERAGE: AbstentionSignal = (o) => o.coverage;

/** The table row for abstention at `threshold` over recorded outcomes. */
export function rowAt(
  mode: AnswerMode,
  threshold: number,
  outcomes: readonly AnswerOutcome[],
  ms: number,
  signal: AbstentionSignal = BY_SCORE,
  label = '',
): AnswerRow {
  const abstains = (o: AnswerOutcome) => o.refusedAnyway || signal(o) < threshold;
  const answerable = outcomes.filter((o) => o.answerable);
  const unanswerable = outcomes.filter((o) => !o.answerable);
  const answered = answerable.filter((o) => !abstains(o));
  const share = (n: number, of: number) => (of > 0 ? n / of : 0);
  const citations = answered.reduce((s, o) => s + o.citations, 0);
  return {
    mode,
    label,
    threshold,
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    goldInAnswer: share(answered.filter((o) => o.goldInAnswer).length, answerable.length),
    meanWords: share(
      answered.reduce((s, o) => s + o.words, 0),
      answered.length,
    ),
    citationPrecision: share(
      answered.reduce((s, o) => s + o.citationsWithGold, 0),
      citations,
    ),
    abstainUnanswerable: share(unanswerable.filter(abstains).length, unanswerable.length),
    wrongfulRefusals: share(answerable.filter(abstains).length, answerable.length),
    msPerQuestion: ms,
  };
}

export const SWEEP = [0, 0.1, 0.2, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8];

/** The highest threshold whose wrongful refusals stay at or under `maxRefusals` (issue 19: 5%). */
export function calibrate(outcomes: readonly AnswerOutcome[], maxRefusals = 0.05, signal: AbstentionSignal = BY_SCORE): number {
  let best = 0;
  for (let t = 0; t <= 1.0001; t += 0.01) {
    const row = rowAt('extractive', t, outcomes, 0, signal);
    if (row.wrongfulRefusals <= maxRefusals) best = Math.round(t * 100) / 100;
  }
  return best;
}

export function answerTable(rows: readonly AnswerRow[]): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const lines = [
    '| mode | questions, signal | abstain below | answerable | unanswerable | gold in answer | mean words | cited sentence holds gold | abstained on unanswerable | wrongful refusals | ms/question |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.mode} | ${r.label || 'all, evidence score'} | ${r.threshold.toFixed(2)}${!r.label && r.threshold === ABSTAIN_BELOW_EVIDENCE ? ' (default)' : ''} | ${r.answerable} | ${r.unanswerable} | ${pct(r.goldInAnswer)} | ${r.meanWords.toFixed(1)} | ${pct(r.citationPrecision)} | ${pct(r.abstainUnanswerable)} | ${pct(r.wrongfulRefusals)} | ${r.msPerQuestion.toFixed(0)} |`,
    );
  }
  return lines.join('\n');
}
