import { porterStem, sentenceWordCount, splitSentences, stemmedQuestionTerms } from '@lectern/text';
import { definesTerm, hasAnswerShape, type QuestionType } from './question-type';

export { questionType, type QuestionType } from './question-type';

/** The section number of a paper's references (DESIGN.md). */
export const REFERENCES_SECTION_NUMBER = 'ref';

/** Corpus-wide inverse document frequency per stemmed question term; missing terms weigh as the rarest seen. */
export type TermWeights = ReadonlyMap<string, number>;

/** A sentence of a context, with where it sits in the context's text. */
export interface SentenceSpan {
  text: string;
  start: number;
  end: number;
}

export interface SentenceScore {
  /** 0..1: the idf-weighted share of the question's terms the sentence holds. */
  coverage: number;
  /** The coverage plus what the sentence's shape and section add or take away; ≤ 0 means never quote it. */
  score: number;
  /** What the score is made of: features of the learned ranker (sentence-features.ts). */
  parts: ScoreParts;
}

/** The scorer's signals one by one, 0/1 unless said. */
export interface ScoreParts {
  /** Coverage with the heading's words counted when the heading names the question (0..1). */
  titled: number;
  shape: number;
  definition: number;
  fragment: number;
  enumeration: number;
  background: number;
  /** The sentence starts with a pronoun and borrowed its predecessor's terms. */
  anaphor: number;
}

/** What a scored sentence sits in: its context's kind and section, and the paper's title. */
export interface SentenceSetting {
  kind: string;
  section: { number: string; title: string };
  articleTitle: string;
}

/** Whether the question asks about the literature itself: then reference entries may be the answer. */
export function asksAboutCitations(question: string): boolean {
  return /\b(cite[sd]?|citations?|references?|bibliograph\w*|reference\s+list)\b/i.test(question);
}

/** Lines that only list words: "Key words: …", "Keywords —", "Index Terms". */
const KEYWORD_LINE = /^\s*(key\s*-?\s*words?|index\s+terms|subject\s+terms|abbreviations?)\b\s*[:.—–-]?/i;
/** A caption's start: "Fig. 3", "Figure 2:", "Table 1." */
const CAPTION_START = /^\s*(fig\.?|figure|table|tab\.|supplementary\s+(figure|table))\s*[A-Z]?\d+/i;
/** Front and back matter that never answers a question about the work. */
const NEVER_SECTIONS =
  /^(references?|bibliography|literature\s+cited|acknowledge?ments?|funding|conflicts?\s+of\s+interest|competing\s+interests?|author\s+contributions?|declaration|data\s+availability|keywords?|abbreviations?)\b/i;
/** Sections whose sentences set the scene rather than report: kept, but a finding elsewhere wins a tie. */
const BACKGROUND_SECTIONS = /^(introduction|background|related\s+work|literature\s+review)\b/i;

const REFERENCE_MARKS = [
  /\bet al\.?/i,
  /\(\s*(19|20)\d\d[a-z]?\s*\)|\b(19|20)\d\d[a-z]?[;.,]/,
  /\bdoi\b|https?:\/\//i,
  /\b\d+\s*\(\d+\)\s*[:,]\s*\d+|\b\d+\s*:\s*\d+\s*[-–]\s*\d+/,
  /\bpp?\.\s*\d+|\bvol\.\s*\d+/i,
  /\b(j\.|journal|proc\.|proceedings|conference|press|rev\.|lett\.|arxiv)\b/i,
  /^\s*\[?\d{1,3}[\].]\s+[A-Z]/,
  /^\s*[A-Z][a-z]+,?\s+(?:[A-Z]\.\s*){1,3}[,;]/,
];

/** A sentence that reads as a bibliography entry: several marks of one (authors, year, volume:pages, journal, DOI). */
export function looksLikeReference(sentence: string): boolean {
  let marks = 0;
  for (const mark of REFERENCE_MARKS) if (mark.test(sentence)) marks += 1;
  return marks >= 3;
}

/** A sentence that is mostly numbers and symbols: a table row, an axis, a caption's figures. */
export function isNumberSoup(sentence: string): boolean {
  const tokens = sentence.split(/\s+/).filter((t) => /[\p{L}\p{N}]/u.test(t));
  if (tokens.length === 0) return true;
  // Short words ("in", "to") count as words: "deaths fell from 1.8 million in 2000 to 900,000 in 2013" is prose.
  const words = tokens.filter((t) => /\p{L}{2,}/u.test(t)).length;
  const numbers = tokens.filter((t) => /^[^\p{L}]*\d[^\p{L}]*$/u.test(t)).length;
  return numbers / tokens.length > 0.45 || words / tokens.length < 0.5;
}

const MIN_SENTENCE_WORDS = 5;
const MAX_SENTENCE_WORDS = 90;

/** Whether a sentence can be quoted as an answer at all, whatever it shares with the question. */
export function isQuotable(sentence: string, setting: SentenceSetting, citationsAsked: boolean): boolean {
  if (setting.kind !== 'text') return false;
  const words = sentenceWordCount(sentence);
  if (words < MIN_SENTENCE_WORDS || words > MAX_SENTENCE_WORDS) return false;
  if (KEYWORD_LINE.test(sentence) || CAPTION_START.test(sentence) || isNumberSoup(sentence)) return false;
  if (!citationsAsked) {
    if (setting.section.number === REFERENCES_SECTION_NUMBER || looksLikeReference(sentence)) return false;
  }
  if (
    NEVER_SECTIONS.test(setting.section.title.trim()) &&
    !(citationsAsked && /^(references?|bibliography)/i.test(setting.section.title.trim()))
  )
    return false;
  if (sameWords(sentence, setting.articleTitle)) return false;
  // A question in the text ("But what drives X?") asks; it does not answer.
  if (/[?？]\s*$/.test(sentence)) return false;
  return true;
}

/**
 * The question's stemmed terms with their weight: the corpus's idf when known, else 1. Terms the corpus never holds
 * weigh as much as the rarest known one: a question's word that no paper uses is exactly what it would need.
 */
export function weightedQuestionTerms(question: string, weights?: TermWeights): Map<string, number> {
  const terms = [...new Set(stemmedQuestionTerms(question))];
  const known = terms.map((t) => weights?.get(t)).filter((w): w is number => w !== undefined && Number.isFinite(w));
  const rarest = known.length > 0 ? Math.max(...known) : 1;
  const weightOf = (t: string) => (weights ? (weights.get(t) ?? rarest) : 1) * (GENERIC_VERBS.has(t) ? GENERIC_WEIGHT : 1);
  return new Map(terms.map((t) => [t, weightOf(t)]));
}

/**
 * Verbs of asking about research ("what baselines did they consider?", "which method did they propose?") or about
 * what a thing is made of ("what does it contain?"): rare in a corpus, so idf would make them decide, but the answer
 * need not repeat them. Stems.
 */
const GENERIC_VERBS = new Set(
  ['consid', 'propos', 'show', 'find', 'found', 'report', 'perform', 'obtain', 'achiev', 'mention', 'discuss', 'present'].concat([
    'give',
    'given',
    'make',
    'made',
    'take',
    'taken',
    'get',
    'emploi',
    'adopt',
    'appli',
    'investig',
    'examin',
    'observ',
    'suggest',
    'defin',
    // What something is made of ("what does the graph contain?"): the answer says "consists of", "has", "holds".
    'contain',
    'includ',
    'compris',
    'consist',
    'involv',
  ]),
);
const GENERIC_WEIGHT = 0.25;

/** idf-weighted share (0..1) of the question's terms among `terms`. */
export function weightedCoverage(question: ReadonlyMap<string, number>, terms: ReadonlySet<string>): number {
  let total = 0;
  let found = 0;
  for (const [term, weight] of question) {
    total += weight;
    if (terms.has(term)) found += weight;
  }
  return total > 0 ? found / total : 0;
}

export function stemSet(text: string): Set<string> {
  return new Set(stemmedQuestionTerms(text));
}

/**
 * Scores one quotable sentence for a question: the weighted coverage of the question's terms, a bonus when the
 * sentence has the shape of the answer asked for (a number for "how many", a year for "when", "because" for "why"),
 * a bonus when its section's title names what is asked ("Assessment of X" for "how was X assessed"), a small
 * penalty in background sections.
 */
export function scoreSentence(
  sentence: string,
  setting: SentenceSetting,
  question: ReadonlyMap<string, number>,
  type: QuestionType,
  rawQuestion = '',
  previous = '',
  stemmed?: { sentence: Set<string>; previous?: Set<string> },
): SentenceScore {
  // `stemmed`: the caller's stems of the same two sentences, when it has them already (the ranker does).
  const own = withSynonyms(stemmed?.sentence ?? stemSet(sentence));
  // "Its principal exports are …" is about what the sentence before named: a pronoun carries its terms over.
  const anaphor = previous !== '' && PRONOUN_START.test(sentence);
  if (anaphor) for (const term of stemmed?.previous ?? stemSet(previous)) own.add(term);
  const coverage = weightedCoverage(question, own);
  // Under a heading that names the question, the heading's words count as the sentence's own: "Assessment of X"
  // answers "how was X assessed?" in sentences that need not repeat X.
  const titled =
    titleCoverage(setting.section.title, question) > 0
      ? weightedCoverage(question, new Set([...own, ...withSynonyms(stemSet(setting.section.title))]))
      : coverage;
  const parts: ScoreParts = {
    titled,
    shape: hasAnswerShape(sentence, type) ? 1 : 0,
    definition: type === 'thing' && definesTerm(sentence, rawQuestion, stemOf, new Set(question.keys())) ? 1 : 0,
    // A sentence starting in lower case is the tail of one the PDF's layout cut (a heading or column between its halves).
    fragment: /^[\p{Ll}]/u.test(sentence) ? 1 : 0,
    enumeration: type === 'thing' && LIST_QUESTION.test(rawQuestion) && ENUMERATION.test(sentence) ? 1 : 0,
    background: BACKGROUND_SECTIONS.test(setting.section.title.trim()) ? 1 : 0,
    anaphor: anaphor ? 1 : 0,
  };
  if (titled === 0) return { coverage, score: 0, parts };
  const score =
    titled +
    0.1 * coverage +
    0.15 * parts.shape +
    DEFINITION_BONUS * parts.definition -
    FRAGMENT_PENALTY * parts.fragment +
    0.2 * parts.enumeration -
    0.05 * parts.background;
  return { coverage, score, parts };
}

const DEFINITION_BONUS = 0.15;
const FRAGMENT_PENALTY = 0.15;

const PRONOUN_START = /^(it|its|they|their|these|this|those|such|he|she|his|her)\b/i;

/** "What are the main …", "Which … were": the answer is a list. */
const LIST_QUESTION = /^\s*(what|which)\s+(are|were|\w+\s+(are|were))\b|\b(list|name)\s+the\b/i;
/** "cocoa, gold and crude oil": three or more items, or two joined by "and"/"or" after a comma-free list verb. */
const ENUMERATION =
  /\b[\p{L}-]+(\s[\p{L}-]+)?,\s[\p{L}-]+(\s[\p{L}-]+)?,?\s(and|or)\s[\p{L}-]+|\b(are|were|include|includes|included|including|namely)\s[^.]{0,60}\s(and|or)\s/u;

/** Words a paper uses for what a question calls "main", and so on: each stem also counts as the others of its group. */
const SYNONYM_GROUPS = [
  ['main', 'princip', 'major', 'primari', 'chief', 'predomin'],
  ['caus', 'reason', 'driver'],
  ['measur', 'assess', 'quantifi', 'evalu'],
].map((group) => new Set(group));

function withSynonyms(stems: Set<string>): Set<string> {
  const out = new Set(stems);
  for (const group of SYNONYM_GROUPS) {
    if ([...group].some((stem) => stems.has(stem))) for (const stem of group) out.add(stem);
  }
  return out;
}

/** Weighted share of the question's terms that a section title names; 0 for one shared word of a long question. */
export function titleCoverage(title: string, question: ReadonlyMap<string, number>): number {
  if (title.trim().length === 0) return 0;
  const terms = stemSet(title);
  let shared = 0;
  for (const term of question.keys()) if (terms.has(term)) shared += 1;
  if (shared < Math.min(2, question.size)) return 0;
  return weightedCoverage(question, terms);
}

/**
 * The sentences of a context's text with their character spans. Line breaks inside a paragraph are spaces (PDF
 * lines wrap mid-sentence); a blank line, a keyword line or a caption starts a block of its own, so "Key words: …"
 * never runs into the sentence after it.
 */
export function sentencesWithSpans(text: string): SentenceSpan[] {
  const flat = text.replace(/[\r\n]/g, ' ');
  const blocks: Array<{ start: number; end: number }> = [];
  let blockStart = 0;
  let offset = 0;
  let previousWasList = false;
  for (const line of text.split('\n')) {
    const startsBlock = line.trim() === '' || KEYWORD_LINE.test(line) || CAPTION_START.test(line) || previousWasList;
    if (startsBlock && offset > blockStart) {
      blocks.push({ start: blockStart, end: offset });
      blockStart = offset;
    }
    previousWasList = KEYWORD_LINE.test(line);
    offset += line.length + 1;
  }
  blocks.push({ start: blockStart, end: text.length });
  const spans: SentenceSpan[] = [];
  for (const block of blocks) {
    const piece = flat.slice(block.start, block.end);
    let cursor = 0;
    for (const sentence of splitSentences(piece)) {
      const at = piece.indexOf(sentence, cursor);
      if (at < 0) continue;
      spans.push({ text: sentence.replace(/\s+/g, ' '), start: block.start + at, end: block.start + at + sentence.length });
      cursor = at + sentence.length;
    }
  }
  return spans;
}

function sameWords(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const x = norm(a);
  const y = norm(b);
  return y.length > 0 && (x === y || (x.length > 20 && y.includes(x)));
}

/** Stems as the question scorer makes them, for words given one by one (the corpus counts words, not stems). */
export function stemOf(word: string): string {
  return porterStem(word.toLowerCase());
}
