import { readFileSync } from 'node:fs';
import { buildGarbageTextPdf, buildScannedPdf } from '../../../../test/support/scanned-pdf';
import { corpusPdf } from '../../../../test/support/paths';
import { wordF1 } from '../../../../test/support/text-accuracy';
import { buildImageOnlyPdf } from '../../../../test/fixtures/pdf-fixtures';
import type { ParsedArticle } from '../article';
import { NoTextLayerError } from '../errors';
import { PdfjsParser } from '../pdfjs/pdfjs.parser';
import type { OcrEngine } from './ocr-engine';
import { readOcrPageTexts } from './ocr-page-texts';
import { DEFAULT_OCR_SETTINGS } from './ocr.settings';
import { PageOcr } from './page-ocr';

/** A page of plain prose (a heading-less page needs some 400 characters to count as a section). */
const SENTENCES = [
  'The committee reviewed the evidence from several independent studies',
  'and concluded that the treatment was safe for most of the patients.',
  'Further work is needed to understand the effects over longer periods',
  'of time, in particular for children and for the elderly population.',
  'The authors thank the participants and the nurses of the three wards',
  'who collected the samples, and the reviewers for their careful reading.',
  'All data were recorded on paper forms and later entered twice by two',
  'people working independently; differences were resolved by discussion.',
  'Missing values were rare and were left out of the analysis entirely,',
  'which was planned in advance and registered before the study began.',
];

const blocks = (article: ParsedArticle) => article.sections.flatMap((s) => s.blocks);

describe('PdfjsParser with OCR', () => {
  const parser = new PdfjsParser();

  it('reads a page whose text layer is mojibake (a broken ToUnicode map) by OCR instead', async () => {
    const pdf = await buildGarbageTextPdf(SENTENCES);
    const off = await parser.parse(pdf, { ocr: { mode: 'off', langs: ['eng'] } });
    // The text layer really is garbage: not one of the printed words comes out of it.
    expect(
      wordF1(
        blocks(off)
          .map((b) => b.text)
          .join(' '),
        SENTENCES.join(' '),
      ),
    ).toBeLessThan(0.1);
    const article = await parser.parse(pdf);
    const text = blocks(article)
      .map((b) => b.text)
      .join(' ');
    expect(wordF1(text, SENTENCES.join(' '))).toBeGreaterThanOrEqual(0.9);
    expect(article.parsers).toEqual(['pdfjs', 'ocr']);
    expect(blocks(article).every((b) => b.ocr && b.ocr.confidence > 50)).toBe(true);
    expect(article.warnings).toEqual([expect.stringMatching(/^ocr: read 1 page \(1\), mean confidence \d+$/)]);
  }, 60_000);

  it('fails an image-only PDF in which OCR finds no text, with that reason', async () => {
    const failure = await parser.parse(buildImageOnlyPdf()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NoTextLayerError);
    expect((failure as Error).message).toMatch(/OCR found no text on any of its 1 page/);
    await expect(parser.parse(buildImageOnlyPdf(), { ocr: { mode: 'off', langs: ['eng'] } })).rejects.toThrow(/OCR is off/);
  }, 60_000);

  it('records a blank page without starting the OCR engine, and reads the rest from the text layer', async () => {
    const source = new Uint8Array(readFileSync(corpusPdf('acl-N18-3011.pdf')));
    const pdf = await buildScannedPdf(source, [{ copy: 1 }, { blank: true }]);
    const article = await parser.parse(pdf);
    expect(article.warnings).toEqual(['ocr: no text on page 2 (blank or image only)']);
    expect(blocks(article).every((b) => b.page === 1 && !b.ocr && !b.box)).toBe(true);
    // The same triage with an engine that counts: the blank page never reaches it.
    const engine: OcrEngine & { calls: number } = {
      name: 'counting',
      calls: 0,
      recognize() {
        engine.calls++;
        return Promise.resolve([]);
      },
      close: () => Promise.resolve(),
    };
    const texts = await readOcrPageTexts(pdf, DEFAULT_OCR_SETTINGS, engine);
    expect(texts).toHaveLength(2);
    expect(engine.calls).toBe(0);
  }, 60_000);

  /** A Chinese notice with the Latin acronyms such pages carry (`test/fixtures/scripts/build.js`). */
  const chinese = () => new Uint8Array(readFileSync('test/fixtures/scripts/cjk-notice.pdf'));

  it('reads a Chinese page from its text layer instead of OCR-ing it with the English model', async () => {
    const article = await parser.parse(chinese());
    const text = blocks(article)
      .map((b) => b.text)
      .join('');
    expect(article.parsers).toEqual(['pdfjs']);
    expect(article.warnings).toBeUndefined();
    expect(text).toContain('图书馆信息技术部');
    expect(text.replace(/\s/g, '')).toContain('提交系统仅限本校在读研究生使用');
    expect(blocks(article).some((b) => b.ocr)).toBe(false);
  }, 60_000);

  it('keeps a text layer judged garbage when OCR reads less of the page than the layer holds', async () => {
    // The notice's own text with a replacement character after every sixth: garbage by triage, yet mostly Chinese.
    const lines = ['提交系统仅限本校在读研究生使用，严禁将账号转借他人。一经发现违规行为，图书馆将暂停该账号的访问权限。'.repeat(2)];
    const runs = lines.map((text, i) => ({
      text: [...text].map((c, k) => (k % 6 === 5 ? '\ufffd' : c)).join(''),
      x: 60,
      x1: 540,
      y: 700 - 20 * i,
      size: 11,
      font: 'f',
      bold: false,
    }));
    const ocr = new PageOcr(chinese(), DEFAULT_OCR_SETTINGS);
    try {
      expect(await ocr.read(1, { runs, height: 842 })).toBe(runs);
      expect(ocr.kept).toEqual([1]);
      expect(ocr.records).toEqual([]);
      expect(ocr.summary()).toEqual(['ocr: kept the text layer of page 1 (OCR read less of it)']);
    } finally {
      await ocr.close();
    }
  }, 60_000);
});
