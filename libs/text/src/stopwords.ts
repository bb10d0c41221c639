/**
 * The stopword lists, one per purpose. They differ on purpose: each was tuned with the ranking or matching it
 * serves, and merging them would move search results. Pick by what the words are dropped for.
 */

const wordSet = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/));

/** Keyword search (FTS5 BM25): very common words add nothing to BM25 but make FTS5 walk every row. */
export const FTS_QUERY_STOPWORDS = wordSet(
  'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'may might of on or our should so than that the their them then there these they this those to was we were ' +
    'what when where which while who whom why will with would you your',
);

/**
 * Bigrams of the words Chinese, Japanese and Korean questions ask with ("什么", "多少", "どの", "무엇"): common in
 * questions, rare in papers, so the corpus's idf would make them decide, but an answer does not repeat them.
 */
const CJK_QUESTION_BIGRAMS = [
  ...['什么', '为什', '哪些', '哪个', '哪种', '如何', '怎么', '怎样', '多少', '是否', '是什', '么样'],
  ...['何が', '何を', 'なぜ', 'どの', 'どう', 'どれ', 'いつ', 'どこ'],
  ...['무엇', '어떤', '어떻', '얼마', '언제', '어디'],
];

/**
 * Extractive answers: function words and question words plus the vocabulary of asking about a paper ("study",
 * "authors", "describe"): they match every sentence and say nothing about the topic.
 */
export const QUESTION_STOPWORDS: ReadonlySet<string> = new Set([
  ...wordSet(
    `a about after all also an and any are as at be been being between both but by can could did do does doing done
  during each for from had has have having how however i if in into is it its may might more most much must no not
  of on one only or other our over paper papers same should so some such than that the their them then there these
  they this those through to two under up use used uses using was we were what when where which while who whom why
  will with within would you your study studies author authors describe described explain according`,
  ),
  ...CJK_QUESTION_BIGRAMS,
]);

/** Matching a service's table to the PDF's text: words that say nothing about which table a text belongs to. */
export const TABLE_MATCH_STOPWORDS = wordSet(
  'a an and are as at be by for from has in is it of on or that the this to was were with we our which not no',
);

/** The lexical embedder's features: English function words (the NLTK list, plus contraction fragments). */
export const ENGLISH_STOPWORDS = wordSet(
  `a about above after again against ain all am an and any are aren as at be because been before being below
  between both but by can couldn d did didn do does doesn doing don down during each few for from further had hadn
  has hasn have haven having he her here hers herself him himself his how i if in into is isn it its itself just ll
  m ma me mightn more most mustn my myself needn no nor not now o of off on once only or other our ours ourselves
  out over own re s same shan she should shouldn so some such t than that the their theirs them themselves then
  there these they this those through to too under until up ve very was wasn we were weren what when where which
  while who whom why will with won wouldn y you your yours yourself yourselves also may might must would could
  shall us via et al`,
);
