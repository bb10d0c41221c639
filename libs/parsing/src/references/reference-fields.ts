import type { BibReference } from '@lectern/common';

/**
 * Fields of a printed reference, read from its text: label, authors, year, title, venue and DOI. Covers the
 * usual shapes — "[12] A. Author, B. Author. Title. Venue, 2019." and "Author, A. and Author, B. (2019). Title.
 * Venue, 12(3), 1–10." — and leaves a field null rather than guess.
 */
export function parseReferenceText(raw: string, position: number): BibReference {
  const text = raw.replace(/\s+/g, ' ').trim();
  // A raised number printed close to the first initial reads as glued to it: "34R. Ballagh" (AIP, AAPM).
  const labelMatch =
    /^\[(\d{1,4}|[A-Za-z+]{1,8}\d{0,4}[a-z]?)\]\s*|^(\d{1,4})[.)]\s+(?=\p{Lu})|^(\d{1,3})\s?(?=(?:\p{Lu}\.\s?-?)+\s?\p{Lu}\p{Ll})/u.exec(
      text,
    );
  const label = labelMatch ? (labelMatch[1] ?? labelMatch[2] ?? labelMatch[3]) : null;
  const body = labelMatch ? text.slice(labelMatch[0].length) : text;
  const doi = readDoi(body);
  const authorYear = authorYearSplit(body);
  const yearMatch = PAREN_YEAR.exec(body) ?? BARE_YEAR.exec(body);
  const year = authorYear?.year ?? (yearMatch ? Number(yearMatch[1]) : null);

  const untitled = authorYear ? null : untitledNames(body);
  if (untitled) {
    // Physics style: "A. Author and B. Author, Phys. Rev. 94, 262 (1954)" names no title; the rest is the venue.
    // IEEE style quotes the title after the comma: "A. Author, “Title,” in Proc. …".
    const quoted = QUOTED_TITLE.exec(untitled.rest);
    const authors = splitAuthors(untitled.names);
    const venue = cleanVenue(quoted ? quoted[2] : untitled.rest);
    return { position, label, raw: text, authors, title: quoted ? quoted[1] : null, year, venue, doi };
  }
  let authorsText: string;
  let rest: string;
  if (authorYear) {
    // Author–year: "Authors (2019). Title. Venue …", ACM's "Authors. 2019. Title. Venue …", "Authors, 2019. Title."
    authorsText = body.slice(0, authorYear.index);
    rest = body.slice(authorYear.end).replace(/^[\s.,:]+/, '');
  } else {
    // Numbered: "A. Author, B. Author. Title. Venue, 2019." — the authors end at the first ". " followed by a title word.
    const vancouver = vancouverAuthors(body);
    const end = vancouver ? vancouver[0].trimEnd().length - 1 : authorListEnd(body);
    authorsText = end > 0 ? body.slice(0, end) : '';
    rest = end > 0 ? body.slice(end).replace(/^[\s.]+/, '') : body;
  }
  // A quoted title ends at its closing quote, whatever punctuation it holds ("“¿Luces? Y sombras …”").
  const quoted = QUOTED_TITLE.exec(rest);
  const [title, ...after] = quoted ? [quoted[1], quoted[2]] : splitSentences(rest);
  const venue = after.join(' ').trim() ? cleanVenue(after.join(' ')) : null;
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
/** The year right after the authors: "(2019)", or a sentence of its own after a full stop or comma (". 2019. ", ", 2019. "). */
const AUTHOR_YEAR = /\s*\(((?:1[89]|20)\d{2})[a-z]?\)|(?<=[.,])\s*((?:1[89]|20)\d{2})[a-z]?\.(?=\s)/;
/** A DOI's continuation after a line break the joiner turned into a space: "10.1145/1188913. 1188915". */
const DOI_TAIL = /^\s+([\d][\w./-]*|[a-z][\w./-]*\d[\w./-]*)(?=$|[\s,;])/;

/** A DOI with its continuation after a line break, to take both out of the venue. */
const WRAPPED_DOI = new RegExp(String.raw`${DOI.source}(?<=[./_-])${DOI_TAIL.source.slice(1)}`, 'i');

/**
 * The year that ends the author list, when the text before it is one: it comes within 400 characters and no
 * sentence (a word of two letters or more, a full stop, a capital) ends before it.
 */
function authorYearSplit(body: string): { index: number; end: number; year: number } | null {
  const m = AUTHOR_YEAR.exec(body);
  if (!m || m.index > 400 || m.index === 0) return null;
  const sentenceEnd = authorListEnd(body);
  if (sentenceEnd >= 0 && sentenceEnd < m.index) return null;
  return { index: m.index, end: m.index + m[0].length, year: Number(m[1] ?? m[2]) };
}

/**
 * Vancouver authors, unless the "initials" are a middle initial: in "Donald E. Knuth. The Art …" a lone surname
 * follows, ended by a full stop or comma, where a Vancouver list goes on to the title.
 */
function vancouverAuthors(body: string): RegExpExecArray | null {
  const m = VANCOUVER_AUTHORS.exec(body);
  return m && !GIVEN_NAME_FIRST.test(body.slice(m[0].length)) ? m : null;
}

/** One capitalised word ended by "." or "," and then a name, a year or a title: the surname of "Given I. Surname". */
const GIVEN_NAME_FIRST = /^\p{Lu}[\p{Ll}'’-]+[.,](?=\s|$)/u;

const INITIALS_ONLY = /^(\p{Lu}\.\s?-?)+$/u;

/** Vancouver authors, surname then bare initials: "Langhorne P, Bernhardt J, Kwakkel G." or "…, et al." */
const VANCOUVER_NAME = String.raw`(?:\p{Ll}{1,3}\s)?\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}[\p{Ll}'’-]+)?\s\p{Lu}{1,3}(?:-\p{Lu})?`;
const VANCOUVER_AUTHORS = new RegExp(String.raw`^${VANCOUVER_NAME}(?:,\s(?:&\s)?${VANCOUVER_NAME})*(?:,?\set al)?\.\s`, 'u');

/** One name written initials first: "E. Witten", "J. G. P. Berman", "Yu. Podolsky", "J.-P. van Serre". */
const INITIALS_NAME = String.raw`(?:\p{Lu}\p{Ll}?\.\s?-?)+\s?(?:\p{Ll}{1,3}\s)?\p{Lu}[\p{L}'’\x60-]+`;
/** A list of such names ended by a comma that no further name follows: the entry prints no title after them. */
const UNTITLED_NAMES = new RegExp(
  String.raw`^${INITIALS_NAME}(?:(?:,\s(?:and\s)?|\s(?:and|&)\s)${INITIALS_NAME})*(?:\s+et al\.?)?(?:\s*\[[^\]]{1,60}\])?(?=,\s(?!(?:and\s)?(?:\p{Lu}\p{Ll}?\.\s?)+\s?\p{Lu}))`,
  'u',
);

const QUOTED_TITLE = /^[“"«]\s?(.+?)[,.]?\s?[”"»][\s,.]*(.*)$/;

/** The authors and the rest of a physics-style entry, or null when the names end in a full stop (a title follows). */
function untitledNames(body: string): { names: string; rest: string } | null {
  const m = UNTITLED_NAMES.exec(body);
  if (!m) return null;
  const rest = body.slice(m[0].length).replace(/^[\s,]+/, '');
  return rest ? { names: m[0], rest } : null;
}

/** The DOI, joined across a line break inside it; trailing punctuation is not part of it. */
function readDoi(body: string): string | null {
  const m = DOI.exec(body);
  if (!m) return null;
  let doi = m[1];
  const tail = /[./_-]$/.test(doi) ? DOI_TAIL.exec(body.slice(m.index + m[0].length)) : null;
  if (tail) doi += tail[1];
  return doi.replace(/[.,;:)\]}]+$/, '');
}

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
    .replace(WRAPPED_DOI, '')
    .replace(DOI, '')
    .replace(/\b(?:doi:|https?:\/\/\S+)/gi, '')
    .replace(/[\s.,;:]+$/, '')
    .trim();
  return venue || null;
}

/** "Beck, T., Demirguc-Kunt, A. and Levine, R." → ["Beck, T.", "Demirguc-Kunt, A.", "Levine, R."]; "A. Author, B. Author" → two. */
function splitAuthors(text: string): string[] {
  const clean = text
    .replace(/\bet al\.?|\[[^\]]*\]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[\s,;]+$/, '')
    .replace(/(\p{L}{2,})\.$/u, '$1')
    .trim();
  if (!clean) return [];
  // "and" in other languages too: "Barbosa, J. y Neiman, G.", "Müller, K. und Roth, P.", "Dupont, A. et Roy, B.".
  const parts = clean.split(/\s*(?:;|\b(?:and|y|und|et|e)\b|&)\s*/).filter(Boolean);
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
    // "Molina, V., L. Belmar": bare initials after a surname belong to it.
    else
      for (const piece of pieces) {
        const last = out.length - 1;
        if (last >= 0 && INITIALS_ONLY.test(piece) && /^\p{Lu}[\p{L}'’-]+$/u.test(out[last])) out[last] = `${out[last]}, ${piece}`;
        else out.push(piece);
      }
  }
  return out.map((a) => a.trim()).filter((a) => /\p{L}{2,}/u.test(a) && a.length <= 80);
}
