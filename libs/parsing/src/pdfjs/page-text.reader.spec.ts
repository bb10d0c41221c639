import { readFileSync } from 'fs';
import * as path from 'path';
import { buildObliqueItalicPdf } from '../../../../test/fixtures/word-processor-pdfs';
import { readPdfText } from './pdf-document.reader';
import { isOblique, readPageRuns } from './page-text.reader';
import { PdfjsParser } from './pdfjs.parser';

describe(readPageRuns.name, () => {
  it('keeps a phrase slanted from an upright font in its line, in the body size, named as an oblique', async () => {
    const [page] = await readPdfText(new Uint8Array(buildObliqueItalicPdf()));
    const line = page.lines.find((l) => l.text.startsWith('The citation'));
    expect(line?.text).toBe('The citation of a Linguistic Theory volume is punctuated.');
    const slanted = line?.runs.filter((r) => r.font === 'Helvetica-Oblique').map((r) => r.text);
    expect(slanted?.join(' ')).toContain('Linguistic Theory');
    expect(slanted?.join(' ')).not.toContain('citation');
    expect(line?.runs.every((r) => Math.abs(r.size - 10) < 0.01)).toBe(true);
    expect(page.lines.map((l) => l.text)).toContain('Backslanted display type');
  });

  it('leaves rotated text out of the flow, as side text', async () => {
    const [page] = await readPdfText(new Uint8Array(buildObliqueItalicPdf()));
    expect(page.lines.map((l) => l.text).join(' ')).not.toContain('Rotated');
    expect(page.sideText.join('')).toContain('Rotated margin stamp');
  });

  it('keeps the italic titles Chromium draws by slanting a font that has no italic face, in the passages and references', async () => {
    const pdf = readFileSync(path.resolve(__dirname, '../../../../test/fixtures/scripts/cjk-italic.pdf'));
    const article = await new PdfjsParser().parse(new Uint8Array(pdf), { ocr: { mode: 'off', langs: [] } });
    const text = article.sections.flatMap((s) => s.blocks.map((b) => b.text)).join('\n');
    expect(text).toContain('例如 Knowledge of language 和');
    expect(text).toContain('Journal of Phonetics，文章标题不用斜体。');
    expect(text).toContain('Chomsky, Noam. 1986. Knowledge of language. New York: Praeger.');
  });

  it('stores the slanted words in the passages', async () => {
    const article = await new PdfjsParser().parse(new Uint8Array(buildObliqueItalicPdf()), {
      ocr: { mode: 'off', langs: [] },
    });
    const text = article.sections.flatMap((s) => [s.title, ...s.blocks.map((b) => b.text)]).join(' ');
    expect(text).toContain('a Linguistic Theory volume');
  });
});

describe(isOblique.name, () => {
  it('tells a slanted vertical axis from upright, rotated and mirrored matrices', () => {
    expect(isOblique([10, 0, 2.5, 10])).toBe(true);
    expect(isOblique([10, 0, -2, 10])).toBe(true);
    expect(isOblique([10, 0, 0, 10])).toBe(false);
    expect(isOblique([10, 0, 0.5, 10])).toBe(false);
    expect(isOblique([8.66, 5, -5, 8.66])).toBe(false);
    expect(isOblique([10, 0, 8, 10])).toBe(false);
    expect(isOblique([10, 0, 2.5, -10])).toBe(false);
  });
});
