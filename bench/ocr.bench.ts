import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { OCR_DPI, PdfjsParser, readOcrPageTexts, readPageTexts, TesseractEngine, type OcrEngine, type OcrLine } from '@lectern/parsing';
import { buildScannedPdf } from '../test/support/scanned-pdf';
import { errorRates, wordF1 } from '../test/support/text-accuracy';

/** Pages the engines are compared on: prose in two columns, a one-column journal page, a physics preprint. */
export const OCR_SAMPLE_PAGES: Array<{ file: string; page: number }> = [
  { file: 'acl-N18-3011.pdf', page: 2 },
  { file: 'jner-2016-demarchis.pdf', page: 3 },
  { file: 'arxiv-1211.2288.pdf', page: 2 },
];

export interface OcrEngineRow {
  engine: string;
  pages: number;
  cer: number;
  wer: number;
  wordF1: number;
  secondsPerPage: number;
  /** Pages per second of CPU time (all threads of this process): pages/s per busy core. */
  pagesPerCoreSecond: number;
}

export interface OcrDocumentRow {
  what: string;
  pages: number;
  seconds: number;
  pagesPerSecond: number;
  pagesPerCoreSecond: number;
  peakRssMb: number;
  rssBeforeMb: number;
}

/**
 * PaddleOCR (PP-OCRv4 on onnxruntime-node, through @gutenye/ocr-node) behind the same interface as tesseract.js. It
 * reports lines only, with a box each: words get boxes in proportion to their characters, the baseline is the box's
 * bottom. ESM-only, so loaded with a dynamic import; a dev dependency, used by this comparison alone.
 */
class PaddleEngine implements OcrEngine {
  readonly name = 'PaddleOCR (PP-OCRv4, onnxruntime)';
  private ocr: Promise<{ detect(file: string): Promise<Array<{ text: string; mean: number; box: number[][] }>> }> | null = null;
  private dir: string | null = null;

  async recognize(png: Uint8Array): Promise<OcrLine[]> {
    // `new Function` keeps `import()` from being compiled to `require()`: the package is ESM only.
    const load = new Function('m', 'return import(m)') as (m: string) => Promise<{ default: { create(): Promise<never> } }>;
    const ocr = await (this.ocr ??= load('@gutenye/ocr-node').then((m) => m.default.create()));
    const file = path.join((this.dir ??= mkdtempSync(path.join(os.tmpdir(), 'lectern-paddle-'))), 'page.png');
    writeFileSync(file, png);
    const lines = await ocr.detect(file);
    return lines.map((line) => {
      const xs = line.box.map((p) => p[0]);
      const ys = line.box.map((p) => p[1]);
      const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
      const parts = line.text.split(/\s+/).filter(Boolean);
      const chars = parts.reduce((n, w) => n + w.length + 1, 0) || 1;
      let x = x0;
      const words = parts.map((text) => {
        const w = ((text.length + 1) / chars) * (x1 - x0);
        const word = { text, x0: x, y0, x1: x + w - (w / (text.length + 1)) * 0.8, y1, confidence: line.mean * 100 };
        x += w;
        return word;
      });
      return { words, baseline: { x0, y0: y1, x1, y1 }, rowHeight: 0.72 * (y1 - y0), inkHeight: y1 - y0 };
    });
  }

  async close(): Promise<void> {
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }
}

const ENGLISH = { mode: 'force' as const, langs: ['eng'] };

/** CER/WER/F1 and speed of each engine on the same scanned pages (rendered at 200 dpi, grey JPEG), read at OCR_DPI. */
export async function runOcrEngineBench(corpusDir: string, log: (line: string) => void): Promise<OcrEngineRow[]> {
  const samples = [];
  for (const { file, page } of OCR_SAMPLE_PAGES) {
    const source = new Uint8Array(readFileSync(path.join(corpusDir, 'pdf', file)));
    const scanned = await buildScannedPdf(source, [{ scan: page }]);
    const truth = (await readPageTexts(await buildScannedPdf(source, [{ copy: page }])))[0];
    samples.push({ scanned, truth });
  }
  const rows: OcrEngineRow[] = [];
  const blank = await createCanvas(64, 64).encode('png');
  for (const make of [() => new TesseractEngine(['eng'], OCR_DPI), () => new PaddleEngine()]) {
    const engine: OcrEngine = make();
    const name = engine instanceof TesseractEngine ? 'tesseract.js 7 (Tesseract 5 LSTM, eng best_int, wasm)' : engine.name;
    let cer = 0;
    let wer = 0;
    let f1 = 0;
    // Models load outside the timing.
    await engine.recognize(blank);
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    for (const sample of samples) {
      const [read] = await readOcrPageTexts(sample.scanned, ENGLISH, engine);
      const rates = errorRates(read, sample.truth);
      cer += rates.cer;
      wer += rates.wer;
      f1 += wordF1(read, sample.truth);
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    await engine.close();
    const n = samples.length;
    rows.push({
      engine: name,
      pages: n,
      cer: cer / n,
      wer: wer / n,
      wordF1: f1 / n,
      secondsPerPage: seconds / n,
      pagesPerCoreSecond: n / cpuSeconds,
    });
    log(`ocr bench: ${name}: CER ${(cer / n).toFixed(3)}, WER ${(wer / n).toFixed(3)}, ${(seconds / n).toFixed(1)} s/page`);
  }
  return rows;
}

/**
 * A scanned book of `pages` pages (thinkos, 200 dpi grey JPEG) parsed by the embedded parser with OCR, against the same
 * pages born-digital, one after the other in this process: pages/s, pages per CPU-second, and peak RSS (sampled every 20 ms).
 */
export async function runOcrDocumentBench(corpusDir: string, pages: number, log: (line: string) => void): Promise<OcrDocumentRow[]> {
  const source = new Uint8Array(readFileSync(path.join(corpusDir, 'pdf', 'thinkos-0.7.4.pdf')));
  const plan = Array.from({ length: pages }, (_, i) => i + 1);
  log(`ocr bench: building a ${pages}-page scanned document`);
  const scanned = await buildScannedPdf(
    source,
    plan.map((scan) => ({ scan })),
  );
  const born = await buildScannedPdf(
    source,
    plan.map((copy) => ({ copy })),
  );
  const rows: OcrDocumentRow[] = [];
  for (const [what, data] of [
    ['born-digital (text layer)', born],
    ['scanned (OCR, OCR=auto)', scanned],
  ] as const) {
    global.gc?.();
    const rssBefore = process.memoryUsage.rss();
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    await new PdfjsParser().parse(data, { ocr: { mode: 'auto', langs: ['eng'] } });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(sampler);
    const used = process.cpuUsage(cpu);
    const mb = (n: number) => Math.round(n / 2 ** 20);
    rows.push({
      what,
      pages,
      seconds,
      pagesPerSecond: pages / seconds,
      pagesPerCoreSecond: pages / ((used.user + used.system) / 1e6),
      peakRssMb: mb(peak),
      rssBeforeMb: mb(rssBefore),
    });
    log(`ocr bench: ${what}: ${(pages / seconds).toFixed(2)} pages/s, peak RSS ${mb(peak)} MB`);
  }
  return rows;
}

export const OCR_NOTES = [
  `- Scans are made by the tests' own builder: each page rendered at 200 dpi, grey, JPEG quality 75, one image per page of an image-only PDF (pdf-lib). OCR renders them back at ${OCR_DPI} dpi.`,
  '- CER/WER: edit distance over characters / over words (lower case, punctuation dropped) against the page text of the born-digital PDF in the same reading order (PDF.js text layer through the same column layout); F1: bag of words. Both engines go through the same triage, layout and reading order (Lectern turns their boxes into text runs).',
  '- pages/s per core: pages per second of CPU time of this whole process (tesseract.js runs in a worker thread of its own; onnxruntime in its own threads), so it does not depend on how many cores were free.',
];
