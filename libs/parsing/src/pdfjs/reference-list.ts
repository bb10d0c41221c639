import type { BibReference } from '@lectern/common';
import { REFERENCES_SECTION_NUMBER, type ParsedSection } from '../article';
import { parseReferenceText } from '../references/reference-fields';
import { bibliographyEntries } from './bibliography-shape';

/** The references as data: the entries of the References sections, read into fields, numbered in order. */
export function referencesFromSections(sections: ParsedSection[]): BibReference[] {
  return sections
    .filter((s) => s.number === REFERENCES_SECTION_NUMBER)
    .flatMap((s) => bibliographyEntries(s.blocks))
    .map((b, position) => parseReferenceText(b.text, position));
}
