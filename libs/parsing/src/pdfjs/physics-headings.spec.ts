import * as fs from 'fs';
import * as path from 'path';
import type { ParsedArticle } from '../article';
import { PdfjsParser } from './pdfjs.parser';

/**
 * Physics journals (REVTeX) number "I. TITLE" in capitals, "A. Title" in bold, "1. Title" centred in a smaller italic, the
 * letters and arabic numbers restarting under each parent. `test/fixtures/journal/physics-sections.pdf` (Chromium-printed
 * by `build.js`, two columns, headings smaller than the body) sets that scheme, with the defects seen on such papers.
 */
const FIXTURE = path.resolve(__dirname, '../../../../test/fixtures/journal/physics-sections.pdf');
const outline = (article: ParsedArticle) => article.sections.map((s) => `${s.level} ${s.number} ${s.title}`);

describe('physics journal headings', () => {
  let article: ParsedArticle;
  beforeAll(async () => {
    article = await new PdfjsParser().parse(fs.readFileSync(FIXTURE), { ignoreOutline: true });
  });

  it('nests lettered sections under roman ones and arabic sub-sections under the letters, restarting under each', () => {
    expect(outline(article)).toEqual(
      expect.arrayContaining([
        '2 I.A Sample preparation',
        '3 I.A.1 Cleaning the substrates',
        '3 I.A.2 Growing the films',
        '2 I.B Citations and references',
        '3 I.B.1 Citations',
        '2 II.A Field sweeps',
        '3 II.A.1 Wide sweeps',
      ]),
    );
  });

  it('keeps a numbered "References" sub-section as a sub-section, not the reference list', () => {
    expect(outline(article)).toContain('3 I.B.2 References');
    expect(article.sections.some((s) => s.number === 'ref')).toBe(false);
  });

  it('joins a capitals title broken by hand after a colon, and one wrapped after a comma', () => {
    expect(outline(article)).toContain('1 I FIRST-LEVEL HEADING: THE LINE BREAK WAS FORCED via \\\\');
    expect(outline(article)).toContain('1 III FLOATS: FIGURES, TABLES, VIDEOS, ETC.');
    expect(outline(article)).toContain('1 II MAGNETIC MEASUREMENTS');
  });

  it("numbers an appendix's arabic sub-section under its letter", () => {
    expect(outline(article)).toEqual(expect.arrayContaining(['1 B More on appendixes', '2 B.1 A subsection in an appendix']));
  });

  it("joins a word broken at the end of a table caption's line", () => {
    const text = article.sections.flatMap((s) => s.blocks.map((b) => b.text)).join('\n');
    expect(text).toContain('food requirements of the three field stations');
    expect(text).not.toContain('requi- rements');
  });
});
