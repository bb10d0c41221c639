import type { BodyStyle } from './body-style';
import type { Paragraph } from './paragraphs';
import { COPYRIGHT_TERMS, letters } from './text-patterns';

/** Licence, venue and correspondence notes printed small on the first pages. */
const FIRST_PAGE_NOTE = new RegExp(
  `${COPYRIGHT_TERMS}|creative commons|proceedings of|distributed under|correspondence|e-?mail|full list of author information|permission|\\bisbn\\b|published online`,
  'i',
);

/** What judging a paragraph needs to know of the document; `notes` collects the notes taken out (metadata sources). */
export interface ParagraphFilterInput {
  body: BodyStyle;
  firstPage: number;
  notes: string[];
}

/** Drops stray numbers, and licence or correspondence notes printed small on the first pages. */
export function keepParagraph(doc: ParagraphFilterInput, p: Paragraph): boolean {
  if (letters(p.text) < 3 && p.text.length < 16) return false;
  const small = p.lines[0].size < doc.body.size - 0.3;
  const note = p.lines[0].page <= doc.firstPage + 1 && small && FIRST_PAGE_NOTE.test(p.text);
  if (note && !doc.notes.includes(p.text)) doc.notes.push(p.text);
  return !note;
}
