/** Words for comparing OCR with the true text: lower case, letters and digits only, hyphenation and punctuation dropped. */
export function comparableWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/-\s+/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Word-level F1 of `read` against `truth`, as bags of words (order-free: reading order is scored elsewhere). */
export function wordF1(read: string, truth: string): number {
  const counts = new Map<string, number>();
  const truthWords = comparableWords(truth);
  for (const w of truthWords) counts.set(w, (counts.get(w) ?? 0) + 1);
  const readWords = comparableWords(read);
  let hits = 0;
  for (const w of readWords) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      hits++;
      counts.set(w, n - 1);
    }
  }
  if (hits === 0) return 0;
  const precision = hits / readWords.length;
  const recall = hits / truthWords.length;
  return (2 * precision * recall) / (precision + recall);
}

/** Levenshtein distance between two sequences (of characters or words), in O(min(n, m)) memory. */
export function editDistance<T>(a: readonly T[], b: readonly T[]): number {
  if (a.length < b.length) [a, b] = [b, a];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** Character and word error rates of `read` against `truth` (whitespace normalised; words as `comparableWords`). */
export function errorRates(read: string, truth: string): { cer: number; wer: number } {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  const r = norm(read);
  const t = norm(truth);
  const rw = comparableWords(read);
  const tw = comparableWords(truth);
  return { cer: editDistance([...r], [...t]) / Math.max(1, t.length), wer: editDistance(rw, tw) / Math.max(1, tw.length) };
}
