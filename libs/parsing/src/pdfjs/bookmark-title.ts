import { normalizeSpaces } from './text-patterns';

/**
 * A bookmark title as the page prints it. hyperref copies a heading's TeX source into the outline when it cannot
 * turn it into text, so an entry may read "The ``Teaser Figure''" or "Q\&A" where the page has “Teaser Figure” and
 * "Q&A". Only marks whose meaning is unambiguous are read: TeX quote pairs, escaped specials and the tie `~`
 * between two words (a `~` elsewhere, as in `~/.profile` or `~5 ms`, is kept).
 */
export function bookmarkTitleAsPrinted(raw: string): string {
  return normalizeSpaces(
    raw
      .replace(/``/g, '“')
      .replace(/''/g, '”')
      .replace(/\\([&%#$_{}])/g, '$1')
      .replace(/(?<=[\p{L}\p{N}.,:;)])~(?=[\p{L}\p{N}(\\])/gu, ' '),
  );
}
