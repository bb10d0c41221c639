import { addOutline, type BookmarkSpec } from '../../../../test/fixtures/pdf-outline';
import { buildTextPdf } from '../../../../test/fixtures/pdf-fixtures';
import { PdfjsParser } from './pdfjs.parser';

const body = (label: string, n: number) =>
  Array.from({ length: n }, (_, k) => `${label} sentence ${k + 1} carries the body text of this chapter on and on.`);

/** A short report: title and author, a two-line Preface on the same page, then numbered chapters. */
const report = (preface = 'Preface') =>
  buildTextPdf([
    [
      { text: 'A Handbook of Plotting', size: 24 },
      { text: 'Jane Q. Writer', size: 14 },
      '',
      { text: preface, size: 16, bold: true },
      'This handbook grew out of lecture notes for a course on plotting.',
      'Thanks go to the students who tested it.',
      '',
      { text: '1 Introduction', size: 16, bold: true },
      ...body('Intro', 20),
    ],
    [{ text: '2 Plots', size: 16, bold: true }, ...body('Plots', 20)],
  ]);

const chapters: BookmarkSpec[] = [
  { title: '1 Introduction', page: 1, top: 620 },
  { title: '2 Plots', page: 2, top: 740 },
];

describe('unlistedFrontSections', () => {
  const parser = new PdfjsParser();
  const summary = (sections: Array<{ number: string; title: string; blocks: Array<{ text: string }> }>) =>
    sections.map((s) => [s.number, s.title, s.blocks[0]?.text.slice(0, 20) ?? null]);

  it('keeps a short preface the outline leaves out as an unnumbered section with its text', async () => {
    const article = await parser.parse(await addOutline(report(), chapters));
    expect(summary(article.sections)).toEqual([
      ['', 'Preface', 'This handbook grew o'],
      ['1', 'Introduction', 'Intro sentence 1 car'],
      ['2', 'Plots', 'Plots sentence 1 car'],
    ]);
    expect(article.title).toBe('A Handbook of Plotting');
  });

  it('reads a capitals name as a title and adds nothing when the outline lists the section itself', async () => {
    const unlisted = await parser.parse(await addOutline(report('FOREWORD'), chapters));
    expect(unlisted.sections[0]).toMatchObject({ number: '', title: 'Foreword' });
    const listed = await parser.parse(await addOutline(report(), [{ title: 'Preface', page: 1, top: 700 }, ...chapters]));
    expect(listed.sections.filter((s) => s.title === 'Preface')).toHaveLength(1);
  });
});
