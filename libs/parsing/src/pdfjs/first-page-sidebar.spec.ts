import * as fs from 'fs';
import * as path from 'path';
import type { ParsedArticle } from '../article';
import { flowLine } from '../testing/flow-line.fixture';
import { splitFirstPageSidebar } from './first-page-sidebar';
import { PdfjsParser } from './pdfjs.parser';

/**
 * `test/fixtures/journal/peerj-sidebar.pdf` (HTML printed by Chromium, `test/fixtures/journal/build.js`): a PeerJ-like
 * first page — a margin column of small type (dates, corresponding author, editor, licence) beside a one-column text
 * whose "INTRODUCTION" shares a baseline with "Copyright" — a structured abstract with "Background." leads, a
 * "Subjects … / Keywords …" pair, and an upright sub-heading with an italic one stacked right under it.
 */
const FIXTURE = path.resolve(__dirname, '../../../../test/fixtures/journal/peerj-sidebar.pdf');

describe(splitFirstPageSidebar.name, () => {
  const text = (y: number) => flowLine([['Body text that runs across the whole measure of the text column here', 180]], y);
  const side = (label: string, y: number) => flowLine([[label, 34]], y, { size: 7.5 });

  it('takes small lines wholly left of the text column as a column of their own', () => {
    const lines = [
      ...[700, 688, 676, 664, 652, 640].map(text),
      ...['Submitted', 'Accepted', 'Academic editor', 'Copyright'].map((l, k) => side(l, 690 - 12 * k)),
    ];
    const split = splitFirstPageSidebar(lines, 10);
    expect(split?.sidebar.map((l) => l.text)).toEqual(['Submitted', 'Accepted', 'Academic editor', 'Copyright']);
    expect(split?.main).toHaveLength(6);
  });

  it('finds none when the margin lines are as large as the text or too few', () => {
    const body = [700, 688, 676, 664, 652, 640].map(text);
    const large = ['A', 'B', 'C', 'D'].map((l, k) => flowLine([[`Label ${l}`, 34]], 690 - 12 * k));
    expect(splitFirstPageSidebar([...body, ...large], 10)).toBeNull();
    expect(splitFirstPageSidebar([...body, side('Submitted', 690), side('Accepted', 678), side('Copyright', 666)], 10)).toBeNull();
  });
});

describe('a first page with a margin column (PeerJ layout)', () => {
  let article: ParsedArticle;
  beforeAll(async () => {
    article = await new PdfjsParser().parse(fs.readFileSync(FIXTURE));
  });
  const numbered = () => article.sections.map((s) => `${s.number} ${s.level} ${s.title}`);

  it('finds the first heading that shares a baseline with a margin line, so no Introduction is made up', () => {
    expect(numbered()).toContain('1 1 INTRODUCTION');
    expect(article.sections.find((s) => s.number === '1')?.blocks[0].text).toMatch(/^Herders were interviewed/);
  });

  it('drops the stop printed after a structured abstract part name in the text font', () => {
    expect(numbered().slice(0, 5)).toEqual(['0 1 Abstract', '0.1 2 Background', '0.2 2 Methods', '0.3 2 Results', '0.4 2 Conclusions']);
    expect(article.sections[1].blocks[0].text).toMatch(/^Grazing pressure/);
  });

  it('reads the keywords printed after a Subjects line', () => {
    expect(article.keywords).toEqual(['Rangeland cover', 'Pastoralism', 'Transect survey', 'Sahel']);
  });

  it('reads the margin column’s publication date', () => {
    expect(article.datePublished).toBe('2021-08-30');
  });

  it('nests an italic sub-heading stacked right under an upright one of its size below it', () => {
    expect(numbered()).toEqual(
      expect.arrayContaining(['2.1 2 Study area', '2.2 2 Field protocol', '2.2.1 3 Transects and quadrats', '2.2.2 3 Soil cores']),
    );
  });
});
