import type { TextRun } from '../pdfjs/layout.types';
import type { RawPage } from '../pdfjs/page-text.reader';
import { DomainError } from '@lectern/common';
import type { OcrEngine, OcrLine } from './ocr-engine';
import { OcrFailedError } from './ocr.errors';
import { ocrLinesToRuns, snapRunSizes } from './ocr-runs';
import type { OcrSettings } from './ocr.settings';
import { PageRenderer, type RenderedPage } from './page-renderer';
import { readableLetters, triagePageText, type PageTriage } from './page-triage';
import { TesseractEngine } from './tesseract.engine';

/** 300 dpi: Tesseract's reference resolution; 10-pt text is then ~30 px high, where its error rate is lowest. */
export const OCR_DPI = 300;

/** What happened to one page that needed OCR. */
export interface OcrPageRecord {
  page: number;
  /** Why it was OCR'd. */
  reason: Exclude<PageTriage, 'text'> | 'forced';
  /** Words kept, and their mean confidence (0–100); 0 words: blank, or only images without text. */
  words: number;
  confidence: number;
}

/**
 * Decides, page by page, whether the text layer is used or the page is rendered and read by OCR, and keeps a record of
 * every OCR'd page. The renderer and the engine start on the first page that needs them and hold one page at a time.
 */
export class PageOcr {
  readonly records: OcrPageRecord[] = [];
  /** Pages judged garbage whose text layer was kept because OCR read less of them (another script, a poor render). */
  readonly kept: number[] = [];
  private readonly renderer: PageRenderer;
  private readonly engine: OcrEngine;
  /** An engine handed in belongs to the caller, who closes it; the default one is this reader's. */
  private readonly ownsEngine: boolean;

  constructor(
    data: Uint8Array,
    private readonly settings: OcrSettings,
    engine?: OcrEngine,
  ) {
    this.renderer = new PageRenderer(data, OCR_DPI);
    this.engine = engine ?? new TesseractEngine(settings.langs, OCR_DPI);
    this.ownsEngine = engine === undefined;
  }

  /** The runs to use for page `page` (whose text layer gave `raw`), from the text layer or read by OCR. */
  async read(page: number, raw: Pick<RawPage, 'runs' | 'height'>): Promise<TextRun[]> {
    const { runs, height } = raw;
    if (this.settings.mode === 'off') return runs;
    const layer = runs.map((r) => r.text).join(' ');
    const triage = this.settings.mode === 'force' ? 'forced' : triagePageText(layer);
    if (triage === 'text') return runs;
    let rendered: RenderedPage;
    let lines: OcrLine[];
    try {
      rendered = await this.renderer.render(page);
      // A page with no ink (a book's blank verso) is recorded blank without starting the engine.
      lines = rendered.inked ? await this.engine.recognize(rendered.png) : [];
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new OcrFailedError(`OCR failed on page ${page}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const read = snapRunSizes(ocrLinesToRuns(lines, rendered.scale, height, rendered.inkIn));
    // A layer judged garbage may still be the better reading: OCR in a model for another script reads less of it.
    if (triage === 'garbage' && readableLetters(read.map((r) => r.text).join(' ')) < readableLetters(layer)) {
      this.kept.push(page);
      return runs;
    }
    const confidence = read.length ? read.reduce((n, r) => n + (r.ocrConfidence ?? 0), 0) / read.length : 0;
    const record: OcrPageRecord = { page, reason: triage, words: read.length, confidence: Math.round(confidence * 10) / 10 };
    this.records.push(record);
    return read;
  }

  /** Pages OCR found nothing on, and pages it read: for the document's warnings (recorded, not errors). */
  summary(): string[] {
    const blank = this.records.filter((r) => r.words === 0).map((r) => r.page);
    const read = this.records.filter((r) => r.words > 0);
    const out: string[] = [];
    if (read.length) {
      const mean = read.reduce((n, r) => n + r.confidence, 0) / read.length;
      out.push(
        `ocr: read ${read.length} page${read.length > 1 ? 's' : ''} (${pageList(read.map((r) => r.page))}), mean confidence ${mean.toFixed(0)}`,
      );
    }
    if (this.kept.length) {
      const n = this.kept.length;
      out.push(`ocr: kept the text layer of page${n > 1 ? 's' : ''} ${pageList(this.kept)} (OCR read less of it)`);
    }
    if (blank.length) out.push(`ocr: no text on page${blank.length > 1 ? 's' : ''} ${pageList(blank)} (blank or image only)`);
    return out;
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.renderer.close(), this.ownsEngine ? this.engine.close() : undefined]);
  }
}

/** `2, 5–7, 9` */
function pageList(pages: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; i++) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j] + 1) j++;
    parts.push(j > i ? `${pages[i]}–${pages[j]}` : String(pages[i]));
    i = j;
  }
  return parts.join(', ');
}
