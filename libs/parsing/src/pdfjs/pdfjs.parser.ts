import type { ParsedArticle } from '../article';
import type { DocumentParser, ParseOptions } from '../document-parser';
import { NoTextLayerError } from '../errors';
import { placeOcrBoxes } from '../ocr/ocr-blocks';
import { DEFAULT_OCR_SETTINGS } from '../ocr/ocr.settings';
import { PageOcr } from '../ocr/page-ocr';
import { assertPdfBytes } from '../pdf-sniff';
import { assembleArticle } from './article-assembler';
import { hasTextLayer } from './text-layer';
import { readPdfDocument } from './pdf-document.reader';
import { stripMarginLineNumbers } from './margin-line-numbers';
import { readParallelTexts } from './parallel-texts';
import { dropRepeatedMarginNotes } from './margin-notes';
import { removeRunningFurniture } from './running-furniture';
import { readSlideDeck } from './slide-deck';

/**
 * The embedded parser: structure from the PDF's own text layer with pdf.js, no outside service.
 * Headings and their hierarchy come from the PDF's outline (bookmarks) when it has a plausible one, else from
 * font size and weight relative to the body text and from numbering patterns.
 * Pages without a usable text layer are rendered and read by OCR (unless `ocr.mode` is `off`).
 */
export class PdfjsParser implements DocumentParser {
  readonly name = 'pdfjs';

  async parse(data: Uint8Array, options: ParseOptions = {}): Promise<ParsedArticle> {
    assertPdfBytes(data);
    const settings = options.ocr ?? DEFAULT_OCR_SETTINGS;
    const ocr = settings.mode === 'off' ? undefined : new PageOcr(data, settings);
    try {
      const { pages, bookmarks } = await readPdfDocument(data, {
        onPage: options.onPage,
        bookmarks: !options.ignoreOutline,
        limits: options.limits,
        ocr,
      });
      if (!ocr && !hasTextLayer(pages)) throw new NoTextLayerError();
      // With OCR a document fails only when no page yields text at all.
      if (ocr && !pages.some((p) => p.lines.length > 0)) throw new NoTextLayerError(pages.length);
      const { pages: navigationFree, deck } = readSlideDeck(pages);
      const { pages: furnitureFree, removed } = removeRunningFurniture(navigationFree);
      const content = stripMarginLineNumbers(readParallelTexts(dropRepeatedMarginNotes(furnitureFree)));
      const article = assembleArticle({ pages: content, furniture: removed, parserName: this.name, bookmarks, slides: deck });
      if (!ocr || (ocr.records.length === 0 && ocr.kept.length === 0)) return article;
      placeOcrBoxes(article, new Map(pages.map((p) => [p.number, p.height])), ocr.records);
      const parsers = ocr.records.length ? [this.name, 'ocr'] : [this.name];
      return { ...article, parsers, warnings: [...(article.warnings ?? []), ...ocr.summary()] };
    } finally {
      await ocr?.close();
    }
  }
}
