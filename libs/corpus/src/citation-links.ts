import type { BibReference } from '@lectern/common';

/** One in-text marker resolved to a reference of the same article. */
export interface CitationLink {
  referencePosition: number;
  /** The marker as printed: `[12]`, `[3-5]`, `(Smith et al., 2019)`. */
  marker: string;
}

const NUMERIC_MARKER = /\[(\d{1,4}(?:\s*[-–,]\s*\d{1,4})*)\]/g;
/** "(King and Levine, 1993; Beck et al., 2007)" and "King and Levine (1993)". */
const PAREN_GROUP = /\(([^()]{3,300}?(?:1[89]|20)\d{2}[a-z]?[^()]{0,40}?)\)/g;
const NARRATIVE = /(\p{Lu}[\p{L}'’-]+)(?:\s+(?:et al\.?|and|&)\s*(?:\p{Lu}[\p{L}'’-]+)?)?\s+\(((?:1[89]|20)\d{2})[a-z]?\)/gu;
const NAME_YEAR = /(\p{Lu}[\p{L}'’-]+)[^;]*?,?\s*((?:1[89]|20)\d{2})[a-z]?/gu;

/**
 * The references a context's markers point to. Numeric markers match a reference's label ("[3-5]" cites 3, 4 and
 * 5); author–year markers match the first author's surname and the year. Unresolvable markers are left out.
 */
export function findCitationLinks(text: string, references: BibReference[]): CitationLink[] {
  return citationResolver(references)(text);
}

/** `findCitationLinks` for one article's many contexts: the label and name–year lookups are built once. */
export function citationResolver(references: BibReference[]): (text: string) => CitationLink[] {
  if (references.length === 0) return () => [];
  const byLabel = new Map(references.filter((r) => r.label).map((r) => [r.label as string, r.position]));
  const byNameYear = new Map<string, number>();
  for (const r of references) {
    const surname = r.authors[0] ? surnameOf(r.authors[0]) : '';
    if (surname && r.year) {
      const key = `${surname}|${r.year}`;
      if (!byNameYear.has(key)) byNameYear.set(key, r.position);
    }
  }
  return (text) => {
    const links: CitationLink[] = [];
    if (byLabel.size > 0) {
      for (const m of text.matchAll(NUMERIC_MARKER)) {
        for (const label of expandLabels(m[1])) {
          const position = byLabel.get(label);
          if (position !== undefined) links.push({ referencePosition: position, marker: m[0] });
        }
      }
    }
    if (byNameYear.size > 0) {
      const resolve = (name: string, year: string, marker: string) => {
        const position = byNameYear.get(`${name.toLowerCase()}|${year}`);
        if (position !== undefined) links.push({ referencePosition: position, marker });
      };
      for (const m of text.matchAll(PAREN_GROUP)) {
        for (const part of m[1].split(';')) for (const n of part.matchAll(NAME_YEAR)) resolve(n[1], n[2], m[0]);
      }
      for (const m of text.matchAll(NARRATIVE)) resolve(m[1], m[2], m[0]);
    }
    const seen = new Set<string>();
    return links.filter((l) => {
      const key = `${l.referencePosition}|${l.marker}`;
      return !seen.has(key) && seen.add(key) !== undefined;
    });
  };
}

/** "3-5, 8" → 3, 4, 5, 8 (ranges capped at 50 entries). */
function expandLabels(list: string): string[] {
  const out: string[] = [];
  for (const part of list.split(',')) {
    const range = /^\s*(\d+)\s*[-–]\s*(\d+)\s*$/.exec(part);
    if (range && Number(range[2]) >= Number(range[1]) && Number(range[2]) - Number(range[1]) <= 50) {
      for (let n = Number(range[1]); n <= Number(range[2]); n++) out.push(String(n));
    } else out.push(part.trim());
  }
  return out;
}

/** "Smith, J." and "J. Smith" → "smith". */
function surnameOf(author: string): string {
  const inverted = /^([^,]+),/.exec(author);
  const name = inverted ? inverted[1] : (author.trim().split(/\s+/).pop() ?? author);
  return name.toLowerCase().replace(/[^\p{L}'’-]/gu, '');
}
