import type { ParseLimits } from '../parse-limits';
import { orderPageLines } from './column-layout';
import { readPdfText } from './pdf-document.reader';

/**
 * The plain text of each page (index 0 is page 1), lines in reading order joined by newlines. Used to find the page
 * of text other parsers extracted without coordinates (GROBID without teiCoordinates, Nougat).
 */
export async function readPageTexts(data: Uint8Array, limits?: ParseLimits): Promise<string[]> {
  const pages = await readPdfText(data, undefined, limits);
  return pages.map((page) =>
    orderPageLines(page, page.number === 1)
      .map((line) => line.text)
      .join('\n'),
  );
}
