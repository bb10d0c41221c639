import type { ArticleMetadata } from '@lectern/common';
import { readCitationIn, readCitationLine } from './citation-line';

export type DocumentMetadata = Pick<ArticleMetadata, 'doi' | 'datePublished' | 'journal'>;

const DOI = /\b(10\.\d{4,9}\/[^\s"<>]+)/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
const SMALL_WORDS = new Set(['and', 'of', 'the', 'in', 'on', 'for', 'to', 'a', 'an', 'at', 'by']);

/** Other places that name the article's own journal, year and DOI. */
export interface CitationSources {
  /** The "Cite this article as: …" note, from any page. */
  citeNote?: string;
  /** Every line of the first page: a journal prints its citation line there, as head or foot, outside the front. */
  firstPage?: string[];
}

/**
 * DOI, publication date and journal from the first page's header and footer lines (and the arXiv side
 * stamp); body text is not searched, since its years and DOIs belong to cited work. Only the strict
 * citation-line forms (`readCitationLine`) are read from the rest of the first page and the cite note.
 */
export function extractMetadata(
  frontText: string[],
  sideText: string[],
  { citeNote = '', firstPage = [] }: CitationSources = {},
): DocumentMetadata {
  // A first-page line that reads as the article's citation carries its DOI too ("… 45(3):211–219. doi:10.…").
  const cited = firstPage.map(readCitationLine);
  const citationLines = firstPage.filter((_, k) => cited[k] !== null);
  const doiMatch = [...frontText, ...citationLines, citeNote].map((t) => DOI.exec(t)?.[1]).find(Boolean);
  const citation = frontText.map(readCitationLine).find(Boolean) ?? cited.find(Boolean) ?? (citeNote ? readCitationIn(citeNote) : null);
  return {
    doi: doiMatch ? doiMatch.replace(/[.,;:)\]}]+$/, '') : null,
    datePublished: findDate(frontText, sideText, citation?.year ?? null),
    journal: findJournal(frontText) ?? citation?.journal ?? null,
  };
}

function findDate(lines: string[], sideText: string[], citationYear: string | null): string | null {
  const text = lines.join('\n');
  const published = new RegExp(
    `published(?: online)?:?\\s*(\\d{1,2}\\.?\\s+${MONTH}\\s+\\d{4}|${MONTH}\\s+\\d{1,2},?\\s+\\d{4}|\\d{1,2}/\\d{2,4})`,
    'i',
  ).exec(text);
  if (published) return normalizeDate(published[1]);
  // The journal's own citation line dates the issue; an arXiv stamp only dates a preprint version.
  if (citationYear) return citationYear;
  const stamp = /arXiv:\S+\s*\[[^\]]*\]\s*(\d{1,2}\s+[A-Za-z]{3}\s+\d{4})/.exec(sideText.join(' '));
  if (stamp) return normalizeDate(stamp[1]);
  for (const line of lines) {
    const monthYear = new RegExp(`\\b${MONTH}\\s+(?:\\d{1,2}\\s*[-–]\\s*\\d{1,2},?\\s+|\\d{1,2},?\\s+)?((?:19|20)\\d{2})\\b`, 'i').exec(
      line,
    );
    if (monthYear && /proceedings|journal|vol|©|copyright|\bp\.|pages|conference|\d+\s*[-–]\s*\d+/i.test(line))
      return normalizeDate(monthYear[0]);
  }
  for (const line of lines) {
    const year = /(?:©|\(c\)|copyright)\s*((?:19|20)\d{2})|\(((?:19|20)\d{2})\)\s*\d+:\d+/i.exec(line);
    if (year) return year[1] ?? year[2];
  }
  // A cover page or title block may print the date alone on its line ("2006", "March 2019").
  const alone = lines.map((l) => new RegExp(`^\\s*((?:${MONTH}\\s+)?(?:19|20)\\d{2})\\s*$`, 'i').exec(l)).find(Boolean);
  return alone ? normalizeDate(alone[1]) : null;
}

/** `16 Jun 2022` → `2022-06-16`; `Nov. 2011` → `2011-11`; `4/22` → `2022-04`. */
export function normalizeDate(raw: string): string | null {
  const numeric = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(raw.trim());
  if (numeric) {
    const year = numeric[2].length === 2 ? `20${numeric[2]}` : numeric[2];
    return `${year}-${numeric[1].padStart(2, '0')}`;
  }
  const year = /(19|20)\d{2}/.exec(raw)?.[0];
  if (!year) return null;
  const monthMatch = new RegExp(MONTH, 'i').exec(raw);
  if (!monthMatch) return year;
  const month = String(MONTHS.indexOf(monthMatch[1].toLowerCase()) + 1).padStart(2, '0');
  const day = /^(\d{1,2})\.?\s/.exec(raw.trim())?.[1] ?? new RegExp(`${MONTH}\\s+(\\d{1,2})\\b(?!\\s*[-–])`, 'i').exec(raw)?.[2];
  return day ? `${year}-${month}-${day.padStart(2, '0')}` : `${year}-${month}`;
}

function findJournal(lines: string[]): string | null {
  for (const line of lines) {
    const journal =
      /((?:(?:The|International|European|American|British|Asian|African) )*Journal of [\p{L}&\-– ]+?|Proceedings of (?:the )?(?:\d+(?:st|nd|rd|th) )?[^,(]+?|[\p{L}& ]+ Transactions on [\p{L}& ]+?)(?=\s*(?:\(|,|\d|Vol|$))/u.exec(
        line,
      );
    if (journal) return journal[1].trim();
    const capsHeader = new RegExp(`^([A-Z][A-Z &.-]{6,}[A-Z])\\s*,\\s*${MONTH}`, 'i').exec(line);
    if (capsHeader && capsHeader[1] === capsHeader[1].toUpperCase()) return titleCase(capsHeader[1]);
  }
  return null;
}

const titleCase = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .split(' ')
    .map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
