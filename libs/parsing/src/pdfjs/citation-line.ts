/**
 * The article's own citation as journals print it in a running head or footer, or in a "Cite this article"
 * note: "Postgrad Med J 2010;86:272–278", "Dhaka Univ. J. Pharm. Sci. 8(1): 7-10, 2009", "BMC Health Services
 * Research 2014, 14:1". Gives the journal as printed and the year.
 */
export interface CitationLine {
  journal: string;
  year: string;
}

const YEAR = '((?:19|20)\\d{2})';
const JOURNAL = "(\\p{Lu}[\\p{L}.&'’ -]*?)";
const FORMS = [
  // Vancouver: journal year;volume(issue):pages.
  new RegExp(`^${JOURNAL}\\s+${YEAR}\\s*;\\s*\\d+`, 'u'),
  // journal volume(issue): pages, year.
  new RegExp(`^${JOURNAL}\\s+\\d+\\s*\\(\\s*[\\d–-]+\\s*\\)\\s*:\\s*[\\w–-]+\\s*,\\s*${YEAR}\\b`, 'u'),
  // journal volume (year) pages: "Journal of Machine Learning Research 23 (2022) 1-40".
  new RegExp(`^${JOURNAL}\\s+\\d+\\s*\\(${YEAR}\\)\\s*[\\d–-]+`, 'u'),
  // BMC and others: journal year, volume:article.
  new RegExp(`^${JOURNAL}\\s+${YEAR},?\\s+\\d+\\s*:\\s*\\w+`, 'u'),
];
const SMALL_WORDS = new Set(['of', 'and', 'the', 'in', 'for', 'on', '&', 'de', 'la', 'und', 'y']);
const MAX_JOURNAL_WORDS = 12;

export function readCitationLine(line: string): CitationLine | null {
  const text = line
    .replace(/\s+/g, ' ')
    .trim()
    // A page number, a "Cite this article as:" lead and the authors ("Datta et al.:") come before the citation.
    .replace(/^\d+\s+/, '')
    .replace(/^(how to )?cite this article( as)?\s*:?\s*/i, '')
    .replace(/^[\p{L}'’ -]+ et al\.?\s*[:.,]?\s*(\(\d{4}\)\s*[,.]?\s*)?/iu, '');
  for (const form of FORMS) {
    const m = form.exec(text);
    if (m && isJournalName(m[1])) return { journal: m[1].trim(), year: m[2] };
  }
  return null;
}

/** Capitalised words, abbreviations and a few small words: "Dhaka Univ. J. Pharm. Sci.", not a sentence. */
function isJournalName(name: string): boolean {
  const words = name.trim().split(' ');
  if (words.length === 0 || words.length > MAX_JOURNAL_WORDS) return false;
  return words.every((w) => /^\p{Lu}/u.test(w) || SMALL_WORDS.has(w.toLowerCase()) || /^\p{Lu}?[\p{L}]{0,3}\.$/u.test(w));
}

const CITE_NOTE = /\b(how to )?cite this (article|paper)\b/i;
/** A paragraph that opens by saying how to cite the article: "ACM Reference Format:", "Cite this article as:". */
export const CITE_AS = /^(\p{Lu}+ reference format|(how to |please )?cite (this (article|paper)|as)\b)/iu;
/** Lines a "Cite this article" note spans after its label; the DOI is printed just before or inside it. */
const CITE_NOTE_LINES = 4;

/** The text of the article's "Cite this article as: …" note (often on the last page), or '' when none. */
export function findCiteNote(lines: string[]): string {
  const at = lines.findIndex((l) => CITE_NOTE.test(l));
  if (at < 0) return '';
  return lines
    .slice(Math.max(0, at - 1), at + CITE_NOTE_LINES)
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** A citation inside running text such as a cite note: tried from each sentence start. */
export function readCitationIn(text: string): CitationLine | null {
  for (const piece of text.split(/(?<=[.:])\s+(?=\p{Lu})/u)) {
    const found = readCitationLine(piece);
    if (found) return found;
  }
  return null;
}
