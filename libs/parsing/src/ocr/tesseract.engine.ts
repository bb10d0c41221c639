import Tesseract from 'tesseract.js';
import type { OcrEngine, OcrLine } from './ocr-engine';
import { languageDataDir } from './ocr-languages';

/**
 * tesseract.js (Tesseract 5 compiled to WebAssembly) in a worker thread of its own, started on first use. The models
 * come from the `@tesseract.js-data/<lang>` packages on disk: `cacheMethod: 'none'` so it neither reads nor writes a
 * cache, and a local `langPath`, so it never fetches anything.
 */
export class TesseractEngine implements OcrEngine {
  readonly name = 'tesseract.js';
  private worker: Promise<Tesseract.Worker> | null = null;

  constructor(
    private readonly langs: string[],
    /** The resolution pages are rendered at: PNGs from a canvas carry none, and Tesseract sizes its filters by it. */
    private readonly dpi: number,
  ) {}

  async recognize(png: Uint8Array): Promise<OcrLine[]> {
    const worker = await (this.worker ??= this.start());
    const { data } = await worker.recognize(Buffer.from(png.buffer, png.byteOffset, png.byteLength), {}, { blocks: true, text: false });
    const lines: OcrLine[] = [];
    for (const block of data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          const words = line.words.filter((w) => w.text.trim()).map((w) => ({ text: w.text.trim(), ...w.bbox, confidence: w.confidence }));
          if (words.length)
            lines.push({ words, baseline: line.baseline, rowHeight: line.rowAttributes.rowHeight, inkHeight: line.bbox.y1 - line.bbox.y0 });
        }
      }
    }
    return lines;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker).terminate();
  }

  private async start(): Promise<Tesseract.Worker> {
    const worker = await Tesseract.createWorker(this.langs.join('+'), Tesseract.OEM.LSTM_ONLY, {
      langPath: languageDataDir(this.langs),
      cacheMethod: 'none',
      gzip: true,
    });
    await worker.setParameters({ user_defined_dpi: String(this.dpi) });
    return worker;
  }
}
