import { joinsWithoutSpace } from './cjk-text';

/** Words that follow a suspended hyphen (`two- and three-fold`), where the hyphen must stay. */
const SUSPENDED_HYPHEN_FOLLOWERS = new Set(['and', 'or', 'to', 'nor', 'und', 'oder', 'y', 'o', 'et', 'ou', 'e']);

/**
 * Appends a line to paragraph text, undoing line-break hyphenation: `infor-` + `mation` gives
 * `information`, but a compound that already has a hyphen keeps it (`state-of-the-` + `art`), as does a
 * break before a capital or digit (`COVID-` + `19`) and a suspended hyphen (`two-` + `and`).
 */
export function joinLine(text: string, next: string, vocabulary?: Vocabulary): string {
  if (!text) return next;
  if (text.endsWith('\u00ad')) return text.slice(0, -1) + next;
  // Han and kana text breaks lines between any two characters: there is no word space to restore.
  if (joinsWithoutSpace(text, next)) return text + next;
  if (!/\p{L}[-\u2010]$/u.test(text)) return `${text} ${next}`;
  const nextToken = next.split(/\s/, 1)[0];
  const lastToken = text.slice(text.lastIndexOf(' ') + 1, -1);
  // The document itself is the best dictionary: if it spells the word elsewhere, follow that.
  const head = bare(lastToken);
  const tail = bare(nextToken);
  if (vocabulary && head && tail) {
    if (vocabulary.has(`${head}-${tail}`)) return text + next;
    if (vocabulary.has(head + tail)) return text.slice(0, -1) + next;
  }
  const firstWord = tail.replace(/-.*$/, '');
  if (!/^\p{Ll}/u.test(next)) return text + next;
  if (SUSPENDED_HYPHEN_FOLLOWERS.has(firstWord)) return `${text} ${next}`;
  if (/[-\u2010]/.test(lastToken) || /[-\u2010]/.test(nextToken)) return text + next;
  return text.slice(0, -1) + next;
}

/** Lower-cased words of a document, hyphenated compounds included. */
export type Vocabulary = Set<string>;

const bare = (token: string) => token.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

export function buildVocabulary(texts: string[]): Vocabulary {
  const vocabulary: Vocabulary = new Set();
  for (const text of texts) {
    for (const token of text.split(/\s+/)) {
      // A token ending in a hyphen is itself a line break, not a spelling.
      if (/[-\u2010]$/.test(token)) continue;
      const word = bare(token);
      if (word.length > 1) vocabulary.add(word);
    }
  }
  return vocabulary;
}
