import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { DEFAULT_OCR_SETTINGS, PdfjsParser, readPdfDocument } from '@lectern/parsing';
import { wordLoss } from './word-loss';

/**
 * `node dist/bench/structure/run-word-loss.js FILE.pdf …`: per document, the share of the words pdftotext reads that
 * the embedded parser's stored text (title, headings, passages, references) lacks. Annotations (sticky notes, free
 * text a reader added) are removed before pdftotext reads the file: they are not the page's text and the parser
 * never reads them. Text the reader saw in the top or bottom band of a page counts as furniture (running heads,
 * page numbers), not as lost. Needs poppler's pdftotext on the PATH.
 */
const FURNITURE_BAND = 0.08;

async function withoutAnnotations(data: Buffer): Promise<Buffer> {
  try {
    const doc = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false });
    for (const page of doc.getPages()) page.node.delete(PDFName.of('Annots'));
    return Buffer.from(await doc.save());
  } catch {
    return data;
  }
}

async function referenceText(data: Buffer): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'word-loss-'));
  try {
    const file = path.join(dir, 'in.pdf');
    writeFileSync(file, await withoutAnnotations(data));
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 1 << 28 }).toString('utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function storedText(data: Buffer): Promise<string> {
  // OCR off: the point is what the text layer yields.
  const article = await new PdfjsParser().parse(new Uint8Array(data), { ocr: { ...DEFAULT_OCR_SETTINGS, mode: 'off' } });
  // The abstract is also the first section: counted once, there.
  const parts = [article.title ?? ''];
  for (const section of article.sections) parts.push(section.title, ...section.blocks.map((b) => b.text));
  return parts.join('\n');
}

/** What the parser sets aside by design: text in the pages' top and bottom bands, and review comments. */
async function setAsideText(data: Buffer): Promise<{ furniture: string; comments: string }> {
  const { pages } = await readPdfDocument(new Uint8Array(data), { bookmarks: false });
  const band = pages.flatMap((p) => p.lines.filter((l) => l.y < FURNITURE_BAND * p.height || l.y > (1 - FURNITURE_BAND) * p.height));
  return { furniture: band.map((l) => l.text).join('\n'), comments: pages.flatMap((p) => p.comments ?? []).join('\n') };
}

async function main(files: string[]): Promise<void> {
  console.log('| document | words | lost | share lost | comment words set aside | examples of lost words |');
  console.log('| --- | ---: | ---: | ---: | ---: | --- |');
  for (const file of files) {
    const data = readFileSync(file);
    const reference = await referenceText(data);
    const stored = await storedText(data);
    const { furniture, comments } = await setAsideText(data);
    const loss = wordLoss(reference, stored, `${furniture}\n${comments}`);
    // Words found only thanks to the comments: what the comment column took out of the text.
    const setAside = wordLoss(reference, stored, furniture).lost - loss.lost;
    const share = loss.words ? ((100 * loss.lost) / loss.words).toFixed(1) : '–';
    console.log(`| ${path.basename(file)} | ${loss.words} | ${loss.lost} | ${share}% | ${setAside} | ${loss.examples.join(' ')} |`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
