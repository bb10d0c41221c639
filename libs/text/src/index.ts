export type { TokenCounter } from './token-counter';
export { TiktokenCounter } from './tiktoken.counter';
export { splitSentences } from './sentence.splitter';
export { porterStem } from './porter.stemmer';
export { ENGLISH_STOPWORDS, FTS_QUERY_STOPWORDS, QUESTION_STOPWORDS, TABLE_MATCH_STOPWORDS } from './stopwords';
export { answerWords, contentWords, MAX_QUERY_TERMS, queryTerms, questionKeywords, stemmedQuestionTerms, wordsOf } from './question-terms';
export { cjkBigrams, cjkIndexText, cjkQueryText, hasCjkLetter, isLoneCjkLetter, withCjkBigrams, withCjkWordsSplit } from './cjk-bigrams';
export { sentenceWordCount } from './word-count';
