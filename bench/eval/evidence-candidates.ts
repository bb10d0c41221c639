import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import {
  buildSources,
  definesTerm,
  hasAnswerShape,
  DEFAULT_SOURCE_TOKENS,
  EVIDENCE_FEATURES,
  evidenceOf,
  questionType,
  rankSentences,
  sentencesWithSpans,
  weightedCoverage,
  weightedQuestionTerms,
} from '@lectern/retrieval';
import { QUESTION_STOPWORDS, porterStem, TiktokenCounter } from '@lectern/text';
import type { AnswerOutcome, RecordedRetrieval } from './answer-eval';
import { calibrateAcrossArticles, fitRows, outOfFoldScores, scoreRow } from './article-calibration';
import { auc, splitByArticle } from './evidence-fit';

/**
 * Offline study of candidate evidence features (issue 19, abstention): `node dist/bench/eval/evidence-candidates.js`
 * computes, per recorded question (answer-replay.json), the shipped features and the candidates, then for each
 * candidate added to the shipped four: AUC and out-of-fold abstention at ≤ 5% wrongful refusals on the dev half
 * (5 folds of articles), and on the held-out half at the threshold the dev half chooses across articles.
 */
type Row = Record<string, number>;
interface Item extends Pick<AnswerOutcome, 'answerable' | 'documentKey' | 'refusedAnyway' | 'question'> {
  f: Row;
}

const CONNECTORS = new Set(['of', 'the', 'a', 'an', 'in', 'for', 'on', 'to', 'with', 'and', 'among', 'between', 'by']);
const LEADING = /^\s*(what|which|who|whom|whose|when|where|why|how)(\s+(many|much|long|often|large|old|big|high))?\s+/i;

/** The question's object as a run of content words ("incubation period of MERS-CoV"): the heaviest run by idf. */
function headPhrase(question: string, terms: ReadonlyMap<string, number>): string[] {
  const words = (
    question
      .replace(LEADING, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? []
  ).flatMap((w) => w.split('-'));
  let best: string[] = [];
  let bestMass = 0;
  let run: string[] = [];
  const close = () => {
    const mass = run.reduce((s, t) => s + (terms.get(t) ?? 0), 0);
    if (run.length >= 2 && mass > bestMass) [best, bestMass] = [run, mass];
    run = [];
  };
  for (const word of words) {
    if (CONNECTORS.has(word)) continue; // connectors do not break the phrase
    const stem = porterStem(word);
    if (word.length <= 1 || QUESTION_STOPWORDS.has(word) || !terms.has(stem)) close();
    else if (!run.includes(stem)) run.push(stem);
  }
  close();
  return best;
}

const ASK =
  /^\s*(what|which|who|whom|whose|when|where|why|how)(\s+(many|much|long|often|large|old|big|high|frequently))?(\s+(is|are|was|were|do|does|did|can|could|will|would|has|have|had|should|may|might))?(\s+(the|a|an))?\s+/i;

/** What is asked about: the first run of content words after the question's opening ("the mortality rate" of …). */
function askedAttribute(question: string, terms: ReadonlyMap<string, number>): string[] {
  const words =
    question
      .replace(ASK, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const run: string[] = [];
  for (const word of words) {
    const stem = porterStem(word);
    if (word.length <= 1 || QUESTION_STOPWORDS.has(word) || CONNECTORS.has(word) || !terms.has(stem)) break;
    if (!run.includes(stem)) run.push(stem);
  }
  return run.length < terms.size ? run : [];
}

function stemsInOrder(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !CONNECTORS.has(w)).map(porterStem);
}

function features(r: RecordedRetrieval, counter: TiktokenCounter): Row {
  const q = r.question.question;
  const tw = new Map(r.termWeights);
  const input = { hits: r.hits, passages: r.passages };
  const ev = evidenceOf(q, tw, input);
  const terms = weightedQuestionTerms(q, tw);
  const sources = buildSources(input, { maxTokens: DEFAULT_SOURCE_TOKENS, counter });
  const ranking = rankSentences(q, sources, tw);
  const probs = ranking.ranked.map((s) => s.score);
  const type = questionType(q);
  const top3 = ranking.ranked.slice(0, 3).map((s) => s.text);
  const termSet = new Set(terms.keys());
  const definition = top3.some((s) => definesTerm(s, q, porterStem, termSet));
  const typed = type !== 'thing' ? 1 : 0;
  const shape = typed ? (top3.some((s) => hasAnswerShape(s, type)) ? 1 : 0) : 0;
  const mass = [...terms.values()].reduce((s, w) => s + w, 0);
  const maxIdf = Math.max(0, ...terms.values());
  // The head phrase: share of its weight in one sentence, and of its adjacent pairs adjacent there.
  const head = headPhrase(q, terms);
  const headMass = head.reduce((s, t) => s + (terms.get(t) ?? 0), 0);
  let headCover = 0;
  let headAdjacent = 0;
  let bestSentenceStems = new Set<string>();
  let bestSentenceCover = -1;
  for (const hit of r.hits.slice(0, 20)) {
    for (const span of sentencesWithSpans(hit.text)) {
      const stems = stemsInOrder(span.text);
      const set = new Set(stems);
      const cover = weightedCoverage(terms, set);
      if (cover > bestSentenceCover) [bestSentenceCover, bestSentenceStems] = [cover, set];
      if (head.length >= 2) {
        headCover = Math.max(headCover, head.reduce((s, t) => s + (set.has(t) ? terms.get(t)! : 0), 0) / headMass);
        const pairs = new Set(stems.slice(1).map((s, i) => `${stems[i]} ${s}`));
        const held = head.slice(1).filter((t, i) => pairs.has(`${head[i]} ${t}`) || pairs.has(`${t} ${head[i]}`)).length;
        headAdjacent = Math.max(headAdjacent, held / (head.length - 1));
      }
    }
  }
  // The asked attribute held in one sentence, and the best coverage among such sentences.
  const attribute = askedAttribute(q, terms);
  let attrHeld = 0;
  let attrSentence = 0;
  for (const hit of r.hits.slice(0, 20)) {
    for (const span of sentencesWithSpans(hit.text)) {
      const set = new Set(stemsInOrder(span.text));
      if (!attribute.every((t) => set.has(t))) continue;
      attrHeld = 1;
      attrSentence = Math.max(attrSentence, weightedCoverage(terms, set));
    }
  }
  const uncoveredMax = Math.max(0, ...[...terms].filter(([t]) => !bestSentenceStems.has(t)).map(([, w]) => w));
  const s0 = r.hits[0]?.score ?? 0;
  const s1 = r.hits[1]?.score ?? 0;
  const s4 = r.hits[4]?.score ?? 0;
  return {
    ...Object.fromEntries(EVIDENCE_FEATURES.map((f) => [f, ev[f]])),
    coverage: ev.coverage,
    top1: probs[0] ?? 0,
    gap: (probs[0] ?? 0) - (probs[1] ?? 0),
    pass: Math.min(5, probs.filter((p) => p >= 0.5).length) / 5,
    typed,
    shape,
    shapeTyped: typed ? shape : 0.5,
    definition: definition ? 1 : 0,
    headLen: head.length,
    headCover: head.length >= 2 ? headCover : ev.sentence,
    headAdjacent: head.length >= 2 ? headAdjacent : 1,
    attrLen: attribute.length,
    attrHeld: attribute.length ? attrHeld : 1,
    attrSentence: attribute.length ? attrSentence : bestSentenceCover,
    mass: Math.log1p(mass),
    maxIdf,
    nTerms: terms.size,
    uncoveredMax,
    specificGap: (1 - ev.sentence) * maxIdf,
    scoreNorm: mass > 0 ? s0 / mass : 0,
    score0: Math.log1p(Math.max(0, s0)),
    scoreGap1: s0 > 0 ? (s0 - s1) / s0 : 0,
    scoreGap5: s0 > 0 ? (s0 - s4) / s0 : 0,
  };
}

/** A feature, or a product of features ("sentence*maxIdf"), for trying interactions. */
function value(o: Item, name: string): number {
  return name.split('*').reduce((p, n) => p * o.f[n], 1);
}

function rowOf(names: readonly string[]): (o: Item) => number[] {
  return (o) => names.map((n) => value(o, n));
}

function scorer(train: readonly Item[], names: readonly string[]): (i: Item) => number {
  const row = rowOf(names);
  const model = fitRows(train, row);
  return (o) => scoreRow(model, row(o));
}

/** Abstention on unanswerable and wrongful refusals at threshold t. */
function at(items: readonly Item[], scores: readonly number[], t: number): { abstain: number; wrongful: number } {
  const refused = items.map((o, i) => o.refusedAnyway || scores[i] < t);
  const count = (answerable: boolean) => items.filter((o) => o.answerable === answerable).length;
  return {
    abstain: items.filter((o, i) => !o.answerable && refused[i]).length / count(false),
    wrongful: items.filter((o, i) => o.answerable && refused[i]).length / count(true),
  };
}

/** Best abstention with wrongful refusals ≤ 5% (highest such threshold in steps of 0.005). */
function bestAt5(items: readonly Item[], scores: readonly number[]): number {
  let best = 0;
  for (let t = 0; t <= 1; t += 0.005) if (at(items, scores, t).wrongful <= 0.05) best = Math.max(best, at(items, scores, t).abstain);
  return best;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function evaluate(name: string, names: readonly string[], dev: Item[], held: Item[]): void {
  const oof = outOfFoldScores(dev, 5, rowOf(names));
  const t = calibrateAcrossArticles(dev, oof);
  const score = scorer(dev, names);
  const heldScores = held.map(score);
  const h = at(held, heldScores, t);
  const d = at(dev, oof, t);
  console.log(
    `${name.padEnd(34)} AUC dev ${auc(dev, (o) => oof[dev.indexOf(o)]).toFixed(3)} held ${auc(held, score).toFixed(3)} | dev oof@5% ${pct(bestAt5(dev, oof))} | ` +
      `t=${t.toFixed(2)} dev ${pct(d.abstain)}/${pct(d.wrongful)} held ${pct(h.abstain)}/${pct(h.wrongful)} | held best@5% ${pct(bestAt5(held, heldScores))}`,
  );
}

async function main(): Promise<void> {
  const dir = path.join('bench', '.data');
  const cache = path.join(dir, 'evidence-candidates.json');
  let items: Item[];
  try {
    items = JSON.parse(await fs.readFile(cache, 'utf8')) as Item[];
    if (process.argv.includes('--recompute')) throw new Error('recompute');
  } catch {
    const replay = JSON.parse(await fs.readFile(path.join(dir, 'answer-replay.json'), 'utf8')) as RecordedRetrieval[];
    const recorded = JSON.parse(await fs.readFile(path.join(dir, 'answer-outcomes-extractive.json'), 'utf8')) as AnswerOutcome[];
    const refused = new Map(recorded.map((o) => [`${o.documentKey}\u0000${o.question}`, o.refusedAnyway]));
    const counter = new TiktokenCounter();
    items = replay.map((r) => ({
      answerable: r.answerable,
      documentKey: r.question.documentKey,
      question: r.question.question,
      refusedAnyway: refused.get(`${r.question.documentKey}\u0000${r.question.question}`) ?? false,
      f: features(r, counter),
    }));
    await fs.writeFile(cache, JSON.stringify(items));
  }
  const { dev, heldOut } = splitByArticle(items);
  const base = [...EVIDENCE_FEATURES];
  for (const f of Object.keys(items[0].f))
    console.log(`AUC ${f.padEnd(14)} dev ${auc(dev, (o) => o.f[f]).toFixed(3)} held ${auc(heldOut, (o) => o.f[f]).toFixed(3)}`);
  evaluate('base', base, dev, heldOut);
  const sets: Array<[string, string[]]> = [
    ['+ranker top1', ['top1']],
    ['+ranker top1,gap,pass', ['top1', 'gap', 'pass']],
    ['+type typed,shape', ['typed', 'shape']],
    ['+type shapeTyped', ['shapeTyped']],
    ['+definition', ['definition']],
    ['+head cover', ['headCover']],
    ['+head cover,adjacent', ['headCover', 'headAdjacent']],
    ['+specific mass,maxIdf', ['mass', 'maxIdf']],
    ['+specificGap', ['specificGap']],
    ['+uncoveredMax', ['uncoveredMax']],
    ['+scoreNorm', ['scoreNorm']],
    ['+score0,gaps', ['score0', 'scoreGap1', 'scoreGap5']],
    ['+coverage', ['coverage']],
    ['+attrHeld', ['attrHeld']],
    ['+attrSentence', ['attrSentence']],
    ['+attrHeld,attrSentence', ['attrHeld', 'attrSentence']],
  ];
  for (const [name, extra] of sets) evaluate(name, [...base, ...extra], dev, heldOut);
  // Each further argument: a whole feature set, comma-separated.
  for (const set of process.argv.slice(2).filter((a) => !a.startsWith('--'))) evaluate(set, set.split(','), dev, heldOut);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
