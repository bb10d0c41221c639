import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PageRenderer } from '@lectern/parsing';
import { PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { REPO_ROOT } from './paths';

/** One page of a built PDF: a page of a source PDF as it is, the same page scanned (an image only), or a blank page. */
export type BuiltPage = { copy: number } | { scan: number } | { blank: true };

export interface ScanOptions {
  /** Resolution of the scanned image (150–200 dpi: an office scanner's default). */
  dpi?: number;
  /** JPEG quality 0–100. */
  quality?: number;
}

const CACHE = path.join(REPO_ROOT, 'node_modules', '.cache', 'lectern-test', 'scanned-pdfs');

/**
 * A PDF built from the pages of `source`: copied pages keep their text layer; scanned pages are the page rendered in
 * grey at `dpi`, JPEG-compressed, drawn over the whole page of an image-only PDF (no text layer at all). Built once
 * and kept under the test cache, keyed by the source's bytes, the page plan and the options.
 */
export async function buildScannedPdf(source: Uint8Array, plan: BuiltPage[], options: ScanOptions = {}): Promise<Uint8Array> {
  const { dpi = 200, quality = 75 } = options;
  const key = createHash('sha256')
    .update(source)
    .update(JSON.stringify({ plan, dpi, quality, v: 1 }))
    .digest('hex')
    .slice(0, 24);
  const file = path.join(CACHE, `${key}.pdf`);
  if (existsSync(file)) return new Uint8Array(readFileSync(file));
  const bytes = await writeScannedPdf(source, plan, dpi, quality);
  mkdirSync(CACHE, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return bytes;
}

async function writeScannedPdf(source: Uint8Array, plan: BuiltPage[], dpi: number, quality: number): Promise<Uint8Array> {
  const original = await PDFDocument.load(source);
  const out = await PDFDocument.create();
  const renderer = new PageRenderer(source, dpi);
  try {
    for (const entry of plan) {
      if ('copy' in entry) {
        const [page] = await out.copyPages(original, [entry.copy - 1]);
        out.addPage(page);
        continue;
      }
      const size = original.getPage('scan' in entry ? entry.scan - 1 : 0).getSize();
      const page = out.addPage([size.width, size.height]);
      if ('blank' in entry) continue;
      const jpeg = await greyJpeg((await renderer.render(entry.scan)).png, quality);
      const image = await out.embedJpg(jpeg);
      page.drawImage(image, { x: 0, y: 0, width: size.width, height: size.height });
    }
  } finally {
    await renderer.close();
  }
  return out.save();
}

async function greyJpeg(png: Uint8Array, quality: number): Promise<Buffer> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height);
  const d = pixels.data;
  for (let i = 0; i < d.length; i += 4) {
    const grey = Math.round(0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2]);
    d[i] = d[i + 1] = d[i + 2] = grey;
  }
  context.putImageData(pixels, 0, 0);
  return canvas.encode('jpeg', quality);
}

/**
 * A page whose text layer is mojibake, as a subset font with a broken ToUnicode map gives: Helvetica draws the real
 * letters (so the page renders, and OCR reads, correctly) while the ToUnicode CMap maps each code 29 places down
 * (`Performance` → `3HUIRUPDQFH`), the classic glyph-index offset. Spaces stay spaces.
 */
export async function buildGarbageTextPdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 720 - i * 16, size: 11, font }));
  const ranges: string[] = [];
  for (let code = 0x21; code <= 0x7e; code++) {
    const hex = (n: number) => n.toString(16).padStart(2, '0').toUpperCase();
    ranges.push(`<${hex(code)}> <${(code - 29 + 0x10000).toString(16).slice(1).toUpperCase()}>`);
  }
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CMapName /Broken def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    `${ranges.length} beginbfchar`,
    ...ranges,
    'endbfchar',
    '1 beginbfchar <20> <0020> endbfchar',
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  // pdf-lib writes the font's dictionary on save: save once, then add the map to the dictionary it wrote.
  const saved = await PDFDocument.load(await doc.save());
  for (const [, object] of saved.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font')) {
      object.set(PDFName.of('ToUnicode'), saved.context.register(saved.context.stream(cmap)));
    }
  }
  return saved.save();
}
