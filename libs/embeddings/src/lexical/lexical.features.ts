import { ENGLISH_STOPWORDS, porterStem } from '@lectern/text';
import { fmix32, fnv1a, fnv1aCode } from './feature.hashing';

/** Feature weights: whole words dominate, word pairs add phrase sense, trigrams catch typos and morphology. */
export const UNIGRAM_WEIGHT = 1;
export const BIGRAM_WEIGHT = 0.5;
export const TRIGRAM_WEIGHT = 0.3;

// Distinct seeds keep the three feature families apart: the word `the` and the trigram `the` differ.
const UNIGRAM_SEED = fnv1a('w\u0000');
const BIGRAM_SEED = fnv1a('b\u0000');
const TRIGRAM_SEED = fnv1a('c\u0000');
const SPACE = 0x20;
const BOUNDARY = 0x23; // '#', marks word start and end in trigrams: `#gr`, `ph#`

/** A run of letters/digits, possibly joined by `-`, `_`, `/` or `.`: `bert-base`, `0.81`, `tcp/ip`. */
const COMPOUND = /[\p{L}\p{N}]+(?:[-_/.][\p{L}\p{N}]+)*/gu;
const PART = /[\p{L}\p{N}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;

/** Hashed feature → raw term frequency, one map per feature family. */
export interface FeatureCounts {
  unigrams: Map<number, number>;
  bigrams: Map<number, number>;
  trigrams: Map<number, number>;
}

/** NFKD splits ligatures (`ﬁ` → `fi`) and accents (`é` → `e` + mark); the marks are then dropped. */
export function normalizeText(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

export function countFeatures(text: string): FeatureCounts {
  const counts: FeatureCounts = { unigrams: new Map(), bigrams: new Map(), trigrams: new Map() };
  const words: string[] = [];
  for (const match of normalizeText(text).matchAll(COMPOUND)) {
    const parts = match[0].match(PART) ?? [];
    // Both the parts and the whole: `bert-base` matches `BERT base` and, more strongly, `bert-base`.
    // Not for `e.g.` / `i.e.`, whose parts are all stopwords.
    if (parts.length > 1 && parts.some((part) => !isStopword(part))) {
      increment(counts.unigrams, fnv1a(parts.map(stem).join('-'), UNIGRAM_SEED));
    }
    words.push(...parts);
  }
  let content = words.filter((word) => !isStopword(word));
  if (content.length === 0) content = words; // so "what is it" still gets a direction

  let previousStem: string | undefined;
  for (const word of content) {
    const wordStem = stem(word);
    increment(counts.unigrams, fnv1a(wordStem, UNIGRAM_SEED));
    if (previousStem !== undefined) {
      increment(counts.bigrams, fnv1a(wordStem, fnv1aCode(SPACE, fnv1a(previousStem, BIGRAM_SEED))));
    }
    previousStem = wordStem;
    addTrigrams(counts.trigrams, word);
  }
  return counts;
}

/**
 * Signed feature hashing into `dimension` buckets with sublinear tf (1 + ln tf), then L2 normalisation.
 * A text without any letter or digit has no features and yields the zero vector, the only non-unit output:
 * there is no direction to give it, and inventing one would make it look similar to something.
 */
export function hashedVector(text: string, dimension: number): Float32Array {
  const counts = countFeatures(text);
  const sums = new Float64Array(dimension);
  accumulate(sums, counts.unigrams, UNIGRAM_WEIGHT);
  accumulate(sums, counts.bigrams, BIGRAM_WEIGHT);
  accumulate(sums, counts.trigrams, TRIGRAM_WEIGHT);
  let squares = 0;
  for (let i = 0; i < dimension; i++) squares += sums[i] * sums[i];
  const vector = new Float32Array(dimension);
  if (squares === 0) return vector;
  const scale = 1 / Math.sqrt(squares);
  for (let i = 0; i < dimension; i++) vector[i] = sums[i] * scale;
  return vector;
}

function accumulate(sums: Float64Array, counts: Map<number, number>, weight: number): void {
  for (const [hash, tf] of counts) {
    const mixed = fmix32(hash);
    // Bucket from the low 31 bits, sign from the top bit, so the two are independent.
    const bucket = (mixed & 0x7fffffff) % sums.length;
    const value = weight * (1 + Math.log(tf));
    sums[bucket] += mixed >>> 31 ? -value : value;
  }
}

function addTrigrams(trigrams: Map<number, number>, word: string): void {
  // Trigrams of `#word#` without building it: padded position k is '#' at both ends, else word[k - 1].
  const last = word.length + 1;
  const codeAt = (k: number) => (k === 0 || k === last ? BOUNDARY : word.charCodeAt(k - 1));
  for (let k = 0; k + 2 <= last; k++) {
    increment(trigrams, fnv1aCode(codeAt(k + 2), fnv1aCode(codeAt(k + 1), fnv1aCode(codeAt(k), TRIGRAM_SEED))));
  }
}

function isStopword(word: string): boolean {
  // Single letters are initials, list markers and variable names far more often than content.
  return ENGLISH_STOPWORDS.has(word) || (word.length === 1 && word >= 'a' && word <= 'z');
}

/** Porter stems repeat across a corpus; caching them is the embedder's largest speed-up. */
const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 100_000;

function stem(word: string): string {
  let cached = stemCache.get(word);
  if (cached === undefined) {
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    cached = porterStem(word);
    stemCache.set(word, cached);
  }
  return cached;
}

function increment(counts: Map<number, number>, key: number): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
