import { normalizeSpaces } from './text-patterns';

/** Texinfo's `@uref{url, text}` as an outline keeps it: the address, a comma, then the text the page prints. */
const LINK_BEFORE_TEXT = /\b(?:(?:https?|ftp):\/\/|mailto:)[^\s,]+,\s*(?=\S)/g;

/**
 * A run of TeX category-code tokens (`` `$12`&12`#12 ``: a character and its catcode 12) that a docstrip source's
 * heading left in its outline entry; the page prints nothing there.
 */
const CATCODE_RUN = /(?:`[^`]{0,12}?12 ?){3,}/g;

/**
 * A bookmark title as the page prints it. hyperref copies a heading's TeX source into the outline when it cannot
 * turn it into text, so an entry may read "The ``Teaser Figure''" or "Q\&A" where the page has “Teaser Figure” and
 * "Q&A"; texinfo keeps a link's address before its text ("[2017 January 27 https://…, Martyrs' Day]" over a printed
 * "[2017 January 27 Martyrs' Day]"). Only marks whose meaning is unambiguous are read: TeX quote pairs, escaped
 * specials, the tie `~` between two words (a `~` elsewhere, as in `~/.profile` or `~5 ms`, is kept) and an address
 * followed by a comma and its text (a bare address is printed as it is and kept), and runs of catcode tokens.
 */
export function bookmarkTitleAsPrinted(raw: string): string {
  return normalizeSpaces(
    raw
      .replace(CATCODE_RUN, '')
      .replace(LINK_BEFORE_TEXT, '')
      .replace(/``/g, '“')
      .replace(/''/g, '”')
      .replace(/\\([&%#$_{}])/g, '$1')
      .replace(/(?<=[\p{L}\p{N}.,:;)])~(?=[\p{L}\p{N}(\\])/gu, ' '),
  );
}
