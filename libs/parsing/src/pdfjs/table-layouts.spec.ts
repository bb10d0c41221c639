import * as fs from 'fs';
import * as path from 'path';
import { corpusPdf } from '../../../../test/support/paths';
import type { ParsedArticle } from '../article';
import { PdfjsParser } from './pdfjs.parser';

/**
 * Tables found from the page's drawing (ruling lines) or from columns of figures, without a caption: a page printed
 * by Chromium (`test/fixtures/journal/build.js`), and one-page excerpts of real papers where the table is the page.
 */
const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures/journal');
const parse = (file: string) => new PdfjsParser().parse(fs.readFileSync(file));
const tables = (article: ParsedArticle) => article.sections.flatMap((s) => s.blocks.filter((b) => b.kind === 'table'));
const texts = (article: ParsedArticle) => article.sections.flatMap((s) => s.blocks.filter((b) => b.kind === 'text').map((b) => b.text));

describe('tables from ruling lines and without captions', () => {
  let ruled: ParsedArticle;
  beforeAll(async () => {
    ruled = await parse(path.join(FIXTURES, 'ruled-tables.pdf'));
  });

  it('reads a bordered grid and a booktabs-like table, neither with a caption, as Markdown tables', () => {
    expect(tables(ruled).map((b) => b.text)).toEqual([
      [
        '| Farm | Soil texture | Crop | Irrigation |',
        '| --- | --- | --- | --- |',
        '| Kano North | sandy loam | sorghum | furrow |',
        '| Zaria East | clay loam | maize | none |',
        '| Bauchi Ridge | loamy sand | millet | drip line |',
      ].join('\n'),
      [
        '| Sensor | Kano North | Zaria East | Bauchi Ridge |',
        '| --- | --- | --- | --- |',
        '| Aqua-10 | 2.1 | 3.4 | 2.6 |',
        '| TerraCap | 1.8 | 2.9 | 2.2 |',
        '| SoilSense | 2.7 | 4.1 | 3.0 |',
      ].join('\n'),
    ]);
    // No caption was printed, so none is made up.
    expect(ruled.sections.flatMap((s) => s.blocks).filter((b) => b.kind === 'figure_caption')).toEqual([]);
  });

  it('keeps a framed paragraph as text and leaves no table row behind as prose', () => {
    expect(texts(ruled).some((t) => t.startsWith('Box 1. A sensor calibrated on one soil'))).toBe(true);
    expect(texts(ruled).filter((t) => /Kano North|Aqua-10|drip line/.test(t))).toEqual([]);
    expect(ruled.sections.map((s) => s.title)).toEqual(['Introduction', 'Methods']);
  });

  it('never lets the front matter of a one-page excerpt swallow the table that fills the page', async () => {
    for (const file of ['dib-2019-sanni-p454.pdf', 'extra/layout-parser-paper-p5-table.pdf']) {
      const article = await parse(corpusPdf(file));
      expect(tables(article)).toHaveLength(1);
      expect(tables(article)[0].text).toMatch(/^Table 1:? /);
    }
  });
});
