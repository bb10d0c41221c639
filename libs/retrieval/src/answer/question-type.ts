/** What the question asks for, from its first words: a number, a time, a reason, or a thing/description. */
export type QuestionType = 'count' | 'time' | 'reason' | 'place' | 'person' | 'thing';

const QUESTION_START: Array<[RegExp, QuestionType]> = [
  [
    /^\s*(how\s+(many|much|long|often|large|big|high|old)|what\s+(is|was|are|were)\s+the\s+(number|percentage|proportion|rate|size|ratio|amount|mean|median|average|dose|duration)|what\s+(number|percentage|proportion|fraction))\b/i,
    'count',
  ],
  [/^\s*(when|in\s+what\s+year|what\s+year|what\s+(time|date))\b/i, 'time'],
  [/^\s*(why|for\s+what\s+reason|what\s+(causes|caused))\b/i, 'reason'],
  [/^\s*(where|in\s+which\s+(country|city|region))\b/i, 'place'],
  [/^\s*(who|by\s+whom)\b/i, 'person'],
];

/** "What is the case fatality rate …", "What was the sample size?": a thing that is a quantity. */
const QUANTITY_ASKED =
  /^\s*(what|which)\b[^?]*\b(rate|rates|percentage|proportion|number|size|ratio|incidence|prevalence|mortality|fatality|dose|duration|period|efficacy|sensitivity|specificity|frequency|range|amount|length)\b/i;

export function questionType(question: string): QuestionType {
  for (const [pattern, type] of QUESTION_START) if (pattern.test(question)) return type;
  if (QUANTITY_ASKED.test(question)) return 'count';
  return 'thing';
}

const ANSWER_SHAPE: Record<QuestionType, RegExp | null> = {
  count: /\d/,
  time: /\b(1[6-9]\d\d|20\d\d|january|february|march|april|may|june|july|august|september|october|november|december|days?|weeks?|months?|years?|hours?)\b/i,
  reason: /\b(because|due to|since|caused by|owing to|as a result|therefore|thus|leads? to|result(s|ed)? (in|from))\b/i,
  place: /\b(in|at|from)\s+[A-Z][a-z]+/,
  person: /\b[A-Z][a-z]+\s+(et al\.|and [A-Z][a-z]+)|\b[A-Z]\.\s?[A-Z][a-z]+/,
  thing: null,
};

/** Whether the sentence has the shape of the answer asked for: a number for "how many", a year for "when", "because" for "why". */
export function hasAnswerShape(sentence: string, type: QuestionType): boolean {
  const shape = ANSWER_SHAPE[type];
  return shape !== null && shape.test(sentence);
}

/** "What is X?", "What are X?": a definition is asked for, unless a quantity is. */
const DEFINITION_ASKED = /^\s*(what|who)\s+(is|are|was|were)\s+(an?\s+|the\s+)?/i;
const DEFINING_VERB =
  /^(is|are|was|were|refers?|means?|describes?|denotes?|represents?|has\s+been\s+defined|was\s+described|is\s+defined)\b/i;

/**
 * For "what is X?": the sentence defines one of the question's terms — "MALAT1 is a long non-coding RNA …" — with
 * the term among its first words and a defining verb right after it.
 */
export function definesTerm(sentence: string, question: string, stemOf: (word: string) => string, terms: ReadonlySet<string>): boolean {
  if (!DEFINITION_ASKED.test(question)) return false;
  const words = sentence.split(/\s+/);
  for (let i = 0; i < Math.min(words.length - 1, 8); i++) {
    const word = words[i].replace(/[^\p{L}\p{N}-]/gu, '');
    if (word.length === 0 || !terms.has(stemOf(word))) continue;
    const rest = words
      .slice(i + 1, i + 14)
      .join(' ')
      .replace(/^\([^)]*\)\s*/, '');
    if (DEFINING_VERB.test(rest)) return true;
  }
  return false;
}
