import { deflateSync } from 'node:zlib';
import { buildTextPdf } from '../fixtures/pdf-fixtures';
import { writePdf } from '../fixtures/pdf-writer';

/**
 * PDFs built to hurt a parser (issue 20): small files whose content streams inflate to many megabytes of text
 * operators, written by the fixtures' own PDF writer.
 */

/** One page's content: `items` text operators (each a separate text item for pdf.js), Flate-compressed. */
function bombContent(items: number): Buffer {
  const line = '(bomb bomb bomb) Tj 0 -0.01 Td\n';
  return Buffer.from(`BT /F1 10 Tf 72 700 Td\n${line.repeat(items)}ET`, 'latin1');
}

/** A PDF of `pages` pages, each with `itemsPerPage` text items; ~30 bytes of content per item before compression. */
export function buildBombPdf(options: { pages?: number; itemsPerPage: number }): Buffer {
  const pages = options.pages ?? 1;
  const content = deflateSync(bombContent(options.itemsPerPage), { level: 9 });
  return writePdf(Array.from({ length: pages }, () => ({ content, filter: '/Filter /FlateDecode' })));
}

/** Bytes the bomb's page content inflates to, for the bench's table. */
export const bombInflatedBytes = (itemsPerPage: number, pages = 1) => bombContent(itemsPerPage).length * pages;

/** A one-page PDF whose text is exactly `lines` (Helvetica 11 pt), uncompressed. */
export const buildShortPdf = (lines: string[]): Buffer => buildTextPdf([lines]);
