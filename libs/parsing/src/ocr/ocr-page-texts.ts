import { orderPageLines } from '../pdfjs/column-layout';
import { readPdfText } from '../pdfjs/pdf-document.reader';
import type { OcrEngine } from './ocr-engine';
import type { OcrSettings } from './ocr.settings';
import { PageOcr } from './page-ocr';

/**
 * Each page's text in reading order, as the parser sees it with OCR: what the OCR engine comparison scores (index 0 is
 * page 1). `engine` replaces tesseract.js, so other engines go through the same triage, layout and reading order.
 */
export async function readOcrPageTexts(data: Uint8Array, settings: OcrSettings, engine?: OcrEngine): Promise<string[]> {
  const ocr = new PageOcr(data, settings, engine);
  try {
    const pages = await readPdfText(data, undefined, undefined, ocr);
    return pages.map((page) =>
      orderPageLines(page, page.number === 1)
        .map((line) => line.text)
        .join('\n'),
    );
  } finally {
    await ocr.close();
  }
}
