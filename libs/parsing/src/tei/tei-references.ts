import type { BibReference } from '@lectern/common';
import { firstBox } from './tei-coords';
import type { DraftBlock } from './tei-draft';
import { isPlausibleName } from './tei-header.reader';
import { attr, children, childrenNamed, descendants, findChild, tagOf, textOf, type TeiNode } from './tei-nodes';

/** Long author lists are cut here: the citation must stay readable, and search needs only the first names. */
const MAX_AUTHORS = 10;

/**
 * One block per `<biblStruct>`: GROBID's `raw_reference` note when it was asked for one (the citation as printed),
 * else a citation rendered from the structured fields.
 */
export function referenceBlocks(listBibl: TeiNode): DraftBlock[] {
  return childrenNamed(listBibl, 'biblStruct').map((bibl) => {
    const box = firstBox(bibl);
    const text = rawReference(bibl) || renderCitation(bibl) || `[${attr(bibl, 'id') ?? 'reference'}] (unparsed reference)`;
    return box ? { text, kind: 'text', box } : { text, kind: 'text' };
  });
}

/** The reference list as data, one entry per `<biblStruct>`, from GROBID's own fields. */
export function referenceData(listBibls: TeiNode[]): BibReference[] {
  return listBibls
    .flatMap((list) => childrenNamed(list, 'biblStruct'))
    .map((bibl, position) => {
      const analytic = findChild(children(bibl), 'analytic');
      const monogr = findChild(children(bibl), 'monogr');
      const analyticTitle = analytic ? titleText(analytic) : '';
      const monogrTitle = monogr ? titleText(monogr) : '';
      const doi = descendants(bibl, 'idno').find((n) => attr(n, 'type')?.toLowerCase() === 'doi');
      const year = yearOf(bibl);
      const venue = analyticTitle ? monogrTitle || meetingOf(monogr) : meetingOf(monogr);
      const label = childrenNamed(bibl, 'note').find((n) => attr(n, 'type') === 'label');
      return {
        position,
        label: label ? textOf(label).replace(/[[\].]/g, '') || null : null,
        raw: rawReference(bibl) || renderCitation(bibl),
        authors: [...new Set([analytic, monogr].flatMap((part) => (part ? authorNames(part) : [])))],
        title: analyticTitle || monogrTitle || null,
        year: year ? Number(year) : null,
        venue: venue || null,
        doi: doi ? textOf(doi) : null,
      };
    });
}

function rawReference(bibl: TeiNode): string {
  const note = childrenNamed(bibl, 'note').find((n) => attr(n, 'type') === 'raw_reference');
  // Printed line-break hyphens survive in raw strings ("Bha- gavatula"); a hyphen before a lower-case word part goes.
  return note ? textOf(note).replace(/(\p{Ll})- (\p{Ll})/gu, '$1$2') : '';
}

/** "Authors (year). Title. Venue, vol(issue), pages. doi" with whatever parts GROBID found. */
export function renderCitation(bibl: TeiNode): string {
  const analytic = findChild(children(bibl), 'analytic');
  const monogr = findChild(children(bibl), 'monogr');
  const authors = [analytic, monogr].flatMap((part) => (part ? authorNames(part) : []));
  const uniqueAuthors = [...new Set(authors)];
  const authorText =
    uniqueAuthors.length > MAX_AUTHORS ? `${uniqueAuthors.slice(0, MAX_AUTHORS).join(', ')}, et al.` : uniqueAuthors.join(', ');
  const year = yearOf(bibl);
  const analyticTitle = analytic ? titleText(analytic) : '';
  const monogrTitle = monogr ? titleText(monogr) : '';
  const title = analyticTitle || monogrTitle;
  const venue = analyticTitle ? monogrTitle || meetingOf(monogr) : meetingOf(monogr);
  const locator = monogr ? locatorOf(monogr) : '';
  const doi = descendants(bibl, 'idno').find((n) => attr(n, 'type')?.toLowerCase() === 'doi');
  const arxiv = descendants(bibl, 'idno').find((n) => attr(n, 'type')?.toLowerCase() === 'arxiv');
  const url = descendants(bibl, 'ptr')
    .map((p) => attr(p, 'target'))
    .find(Boolean);

  const head = [authorText, year ? `(${year})` : ''].filter(Boolean).join(' ');
  const venuePart = [venue, locator].filter(Boolean).join(', ');
  const tail = doi ? `doi:${textOf(doi)}` : arxiv ? textOf(arxiv) : (url ?? '');
  return [head, title, venuePart, tail]
    .map((part) => part.replace(/[.\s]+$/, ''))
    .filter(Boolean)
    .map((part) => (/[?!]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

function authorNames(part: TeiNode): string[] {
  return childrenNamed(part, 'author')
    .map((a) => findChild(children(a), 'persName'))
    .filter((p): p is TeiNode => p !== undefined)
    .map(shortName)
    .filter(isPlausibleName);
}

/** "J. E. Ball": initials get a period so they do not read as words. */
function shortName(persName: TeiNode): string {
  return children(persName)
    .filter((n) => tagOf(n) === 'forename' || tagOf(n) === 'surname')
    .map((n) => {
      const text = textOf(n);
      return tagOf(n) === 'forename' && /^\p{Lu}$/u.test(text) ? `${text}.` : text;
    })
    .filter(Boolean)
    .join(' ');
}

function titleText(part: TeiNode): string {
  const titles = childrenNamed(part, 'title').filter((t) => attr(t, 'type') !== 'abbrev');
  const main = titles.find((t) => attr(t, 'type') === 'main') ?? titles[0];
  return main ? textOf(main) : '';
}

function meetingOf(monogr: TeiNode | undefined): string {
  const meeting = monogr ? findChild(children(monogr), 'meeting') : undefined;
  return meeting ? textOf(meeting) : '';
}

function yearOf(bibl: TeiNode): string {
  const dates = descendants(bibl, 'date');
  for (const date of dates) {
    const match = /\d{4}/.exec(attr(date, 'when') ?? textOf(date));
    if (match) return match[0];
  }
  return '';
}

/** "12(3), 45-67" from the `biblScope`s of the imprint. */
function locatorOf(monogr: TeiNode): string {
  const scopes = descendants(monogr, 'biblScope');
  const scope = (unit: string) => scopes.find((s) => attr(s, 'unit') === unit);
  const volume = scope('volume');
  const issue = scope('issue');
  const page = scope('page');
  let text = volume ? textOf(volume) : '';
  if (issue && textOf(issue)) text += `(${textOf(issue)})`;
  if (page) {
    const from = attr(page, 'from');
    const to = attr(page, 'to');
    const pages = from ? (to ? `${from}-${to}` : from) : textOf(page);
    if (pages) text = text ? `${text}, ${pages}` : pages;
  }
  return text;
}
