import type { BibReference } from '@lectern/common';

/**
 * Fields of a printed reference, read from its text: label, authors, year, title, venue and DOI. Covers the
 * usual shapes — "[12] A. Author, B. Author. Title. Venue, 2019." and "Author, A. and Author, B. (2019). Title.
 * Venue, 12(3), 1–10." — and leaves a field null rather than guess.
 */
export function parseReferenceText(raw: string, position: number): BibReference {
  const text = raw.replace(/\s+/g, ' ').trim();
  const labelMatch = /^\[(\d{1,4}|[A-Za-z+]{1,8}\d{0,4}[a-z]?)\]\s*|^(\d{1,4})[.)]\s+(?=\p{Lu})/u.exec(text);
  const label = labelMatch ? (labelMatch[1] ?? labelMatch[2]) : null;
  const body = labelMatch ? text.slice(labelMatch[0].length) : text;
  const doi = DOI.exec(body)?.[1].replace(/[.,;:)\]}]+$/, '') ?? null;
  const yearMatch = PAREN_YEAR.exec(body) ?? BARE_YEAR.exec(body);
  const year = yearMatch ? Number(yearMatch[1]) : null;

  let authorsText: string;
  let rest: string;
  if (yearMatch && PAREN_YEAR.test(body) && yearMatch.index < 400) {
    // Author–year: "Authors (2019). Title. Venue …"
    authorsText = body.slice(0, yearMatch.index);
    rest = body.slice(yearMatch.index + yearMatch[0].length).replace(/^[\s.,:]+/, '');
  } else {
    // Numbered: "A. Author, B. Author. Title. Venue, 2019." — the authors end at the first ". " followed by a title word.
    const end = authorListEnd(body);
    authorsText = end > 0 ? body.slice(0, end) : '';
    rest = end > 0 ? body.slice(end).replace(/^[\s.]+/, '') : body;
  }
  const [title, ...after] = splitSentences(rest);
  const venue = after.length ? cleanVenue(after.join(' ')) : null;
  return {
    position,
    label,
    raw: text,
    authors: splitAuthors(authorsText),
    title: title ? title.replace(/[.\s]+$/, '') || null : null,
    year,
    venue,
    doi,
  };
}

const DOI = /\b(?:doi:\s*|https?:\/\/(?:dx\.)?doi\.org\/)?(10\.\d{4,9}\/[^\s"<>]+)/i;
const PAREN_YEAR = /\(((?:1[89]|20)\d{2})[a-z]?\)/;
const BARE_YEAR = /\b((?:1[89]|20)\d{2})[a-z]?\b/;

/** Where "A. Author, B. Author and C. Author." ends: the first full stop after a word of two or more letters. */
function authorListEnd(text: string): number {
  const m = /\p{L}{2,}\.\s+(?=\p{Lu}|["“])/u.exec(text);
  return m && m.index < 400 ? m.index + m[0].trimEnd().length : -1;
}

/** Title, then venue: sentences split at ". " or "? " before a capital, a quote or a digit. */
function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.?!])\s+(?=[\p{Lu}\d"“])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

function cleanVenue(text: string): string | null {
  const venue = text
    .replace(DOI, '')
    .replace(/\b(?:doi:|https?:\/\/\S+)/gi, '')
    .replace(/[\s.,;:]+$/, '')
    .trim();
  return venue || null;
}

/** "Beck, T., Demirguc-Kunt, A. and Levine, R." → ["Beck, T.", "Demirguc-Kunt, A.", "Levine, R."]; "A. Author, B. Author" → two. */
function splitAuthors(text: string): string[] {
  const clean = text
    .replace(/\bet al\.?/g, '')
    .replace(/[\s,;]+$/, '')
    .replace(/(\p{L}{2,})\.$/u, '$1')
    .trim();
  if (!clean) return [];
  const parts = clean.split(/\s*(?:;|\band\b|&)\s*/).filter(Boolean);
  const out: string[] = [];
  for (const part of parts) {
    // "Surname, I., Surname, I." pairs: a comma after initials separates authors, one after a surname does not.
    const pieces = part.split(/,\s*/).filter(Boolean);
    const invertedPairs =
      pieces.length >= 2 &&
      pieces.every((p, i) =>
        (i % 2 === 0 ? /^\p{Lu}[\p{L}'’-]+(\s\p{Lu}[\p{L}'’-]+)*$/u : /^(\p{Lu}\.?\s?-?)+$|^\p{Lu}[\p{Ll}]+$/u).test(p),
      );
    if (invertedPairs) for (let i = 0; i < pieces.length; i += 2) out.push(pieces[i + 1] ? `${pieces[i]}, ${pieces[i + 1]}` : pieces[i]);
    else out.push(...pieces);
  }
  return out.map((a) => a.trim()).filter((a) => /\p{L}{2,}/u.test(a) && a.length <= 80);
}
