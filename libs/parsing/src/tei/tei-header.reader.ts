import { CJK_LETTERS, type ArticleMetadata } from '@lectern/common';
import { ABSTRACT_SECTION_NUMBER, type ParsedBlock, type ParsedSection } from '../article';
import { firstBox } from './tei-coords';
import { attr, children, childrenNamed, descendants, findChild, findPath, tagOf, textOf, type TeiNode } from './tei-nodes';

/** The header's metadata; `pageCount` comes from `<facsimile>` (only written when GROBID was asked for coordinates). */
export interface TeiHeader extends Omit<ArticleMetadata, 'abstract'> {
  abstractSection: ParsedSection | null;
}

/** Metadata from `<teiHeader>`: GROBID 0.5 puts `encodingDesc` first, 0.6+ after `fileDesc`; order does not matter. */
export function readTeiHeader(tei: TeiNode): TeiHeader {
  const header = findChild(children(tei), 'teiHeader');
  const headerNodes = header ? children(header) : [];
  const fileDesc = findChild(headerNodes, 'fileDesc');
  const titleStmt = findPath(headerNodes, ['fileDesc', 'titleStmt']);
  const sourceBibl = findPath(headerNodes, ['fileDesc', 'sourceDesc', 'biblStruct']);
  const analytic = sourceBibl ? findChild(children(sourceBibl), 'analytic') : undefined;
  const monogr = sourceBibl ? findChild(children(sourceBibl), 'monogr') : undefined;
  const facsimile = findChild(children(tei), 'facsimile');
  return {
    title: readTitle(titleStmt, analytic),
    authors: analytic ? readAuthors(analytic) : [],
    datePublished: fileDesc ? readDate(fileDesc) : null,
    journal: monogr ? readJournal(monogr) : null,
    doi: sourceBibl ? readDoi(sourceBibl) : null,
    pageCount: facsimile ? childrenNamed(facsimile, 'surface').length : 0,
    abstractSection: readAbstract(findPath(headerNodes, ['profileDesc', 'abstract'])),
  };
}

function readTitle(titleStmt: TeiNode | undefined, analytic: TeiNode | undefined): string {
  const candidates = [...(titleStmt ? childrenNamed(titleStmt, 'title') : []), ...(analytic ? childrenNamed(analytic, 'title') : [])];
  const main = candidates.find((t) => attr(t, 'type') === 'main') ?? candidates[0];
  return main ? textOf(main) : '';
}

/** `Forename Middle Surname`; GROBID noise (a lone symbol, no letters at all) is dropped. */
export function personName(persName: TeiNode): string {
  const parts = children(persName)
    .filter((n) => ['forename', 'surname', 'genName'].includes(tagOf(n)))
    .map((n) => textOf(n))
    .filter(Boolean);
  return parts.join(' ');
}

/** A letter of a script names are written in: Latin, Greek, Cyrillic or CJK. */
const NAME_SCRIPT = new RegExp(String.raw`[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}${CJK_LETTERS}]`, 'u');

export function isPlausibleName(name: string): boolean {
  const letters = name.match(/\p{L}/gu) ?? [];
  // A real name has at least two letters and at least one Latin, Greek, Cyrillic or CJK one (U+1C14 is not).
  return letters.length >= 2 && NAME_SCRIPT.test(name);
}

function readAuthors(analytic: TeiNode): string[] {
  return childrenNamed(analytic, 'author')
    .map((author) => findChild(children(author), 'persName'))
    .filter((p): p is TeiNode => p !== undefined)
    .map(personName)
    .filter(isPlausibleName);
}

function readDate(fileDesc: TeiNode): string | null {
  const when = descendants(fileDesc, 'date')
    .map((d) => attr(d, 'when'))
    .find((w): w is string => !!w && /^\d{4}/.test(w));
  return when ?? null;
}

function readJournal(monogr: TeiNode): string | null {
  const titles = childrenNamed(monogr, 'title');
  const journal = titles.find((t) => attr(t, 'level') === 'j' && attr(t, 'type') !== 'abbrev') ?? titles[0];
  const text = journal ? textOf(journal) : '';
  return text || null;
}

export function readDoi(biblStruct: TeiNode): string | null {
  const idno = descendants(biblStruct, 'idno').find((n) => attr(n, 'type')?.toLowerCase() === 'doi');
  const doi = idno ? textOf(idno).replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, '') : '';
  return doi || null;
}

/** The abstract's paragraphs, whether GROBID wrapped them in a `<div>` (0.5.5, 0.7+) or not (0.6.1, 2015). */
function readAbstract(abstract: TeiNode | undefined): ParsedSection | null {
  if (!abstract) return null;
  const paragraphs = descendants(abstract, 'p');
  const sources = paragraphs.length ? paragraphs : [abstract];
  let page = 1;
  const blocks: ParsedBlock[] = [];
  for (const p of sources) {
    const text = textOf(p);
    if (!text) continue;
    const box = firstBox(p);
    page = box?.page ?? page;
    blocks.push(box ? { text, page, kind: 'text', box } : { text, page, kind: 'text' });
  }
  return blocks.length ? { number: ABSTRACT_SECTION_NUMBER, title: 'Abstract', level: 1, blocks } : null;
}
