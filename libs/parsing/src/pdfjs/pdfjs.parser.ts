import type { ParsedArticle } from '../article';
import type { DocumentParser, ParseOptions } from '../document-parser';
import { NoTextLayerError } from '../errors';
import { assertPdfBytes } from '../pdf-sniff';
import { assembleArticle, hasTextLayer } from './article-assembler';
import { readPdfDocument } from './pdf-document.reader';
import { removeRunningFurniture } from './running-furniture';

/**
 * The embedded parser: structure from the PDF's own text layer with pdf.js, no outside service.
 * Headings and their hierarchy come from the PDF's outline (bookmarks) when it has a plausible one, else from
 * font size and weight relative to the body text and from numbering patterns.
 */
export class PdfjsParser implements DocumentParser {
  readonly name = 'pdfjs';

  async parse(data: Uint8Array, options: ParseOptions = {}): Promise<ParsedArticle> {
    assertPdfBytes(data);
    const { pages, bookmarks } = await readPdfDocument(data, {
      onPage: options.onPage,
      bookmarks: !options.ignoreOutline,
      limits: options.limits,
    });
    if (!hasTextLayer(pages)) throw new NoTextLayerError();
    const { pages: content, removed } = removeRunningFurniture(pages);
    return assembleArticle({ pages: content, furniture: removed, parserName: this.name, bookmarks });
  }
}
