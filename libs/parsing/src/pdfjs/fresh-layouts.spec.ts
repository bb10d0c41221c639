import { addOutline } from '../../../../test/fixtures/pdf-outline';
import { buildPlacedTextPdf, column, type PlacedLine } from '../../../../test/fixtures/placed-text-pdf';
import { PdfjsParser } from './pdfjs.parser';

/**
 * Layouts a new user met on documents the parser was never tuned on (issue 17's trial), each rebuilt here from
 * placed lines: a book's contents before a "Chapter 1" page, an astronomy-style front matter, two-column references
 * over a full-width appendix, a bibliography whose outline anchor sits on the page before it, a word processor's
 * chapters with one named in capitals.
 */
const filler = (label: string, n: number) =>
  Array.from({ length: n }, (_, k) => `${label} sentence ${k + 1} carries the body text of this page on`);
const prose = (label: string, n: number, x = 72, top = 700) => column(filler(label, n), x, top);

function bookWithPreface(): Buffer {
  const titlePage: PlacedLine[] = [{ text: 'Tidal Gauges', x: 230, y: 600, size: 24 }];
  // "Preface" in the body's size, alone on the first line of its page.
  const preface: PlacedLine[] = [{ text: 'Preface', x: 90, y: 700 }, ...prose('Preface', 20, 90, 688)];
  const contents: PlacedLine[] = [
    { text: 'Contents', x: 72, y: 700, size: 20, bold: true },
    ...[
      ['1 Getting Started', 5],
      ['1.1 Choosing a Site', 5],
      ['1.2 Mounting the Float Well', 6],
      ['2 Recording Water Levels', 7],
      ['2.1 Sampling Intervals', 7],
      ['2.2 Logging', 9],
    ].flatMap(([title, page], k): PlacedLine[] => [
      { text: `${title} . . . . . . . . . . . . . . . .`, x: 72, y: 660 - 16 * k },
      { text: String(page), x: 500, y: 660 - 16 * k },
    ]),
  ];
  const chapter = (n: number, title: string, label: string): PlacedLine[] => [
    { text: `Chapter ${n}`, x: 72, y: 640, size: 20, bold: true },
    { text: title, x: 72, y: 590, size: 24, bold: true },
    { text: `${n}.1 First Steps`, x: 72, y: 540, size: 14, bold: true },
    ...prose(label, 30, 72, 515),
  ];
  return buildPlacedTextPdf([
    titlePage,
    preface,
    contents,
    chapter(1, 'Getting Started', 'Start'),
    prose('Site', 50),
    prose('Well', 50),
    chapter(2, 'Recording Water Levels', 'Record'),
    prose('Interval', 50),
    prose('Sample', 50),
    prose('Logger', 50),
  ]);
}

function markedFrontMatter(): Buffer {
  const page: PlacedLine[] = [
    { text: 'Light Curves of Recurrent Novae', x: 180, y: 740, size: 14, bold: true },
    { text: 'Ada Quill,', x: 200, y: 716, size: 9 },
    { text: '1', x: 244, y: 720, size: 6 },
    { text: 'Ben Ink', x: 260, y: 716, size: 9 },
    { text: '2, 3', x: 295, y: 720, size: 6 },
    { text: '1', x: 200, y: 702, size: 6 },
    { text: 'Department of Astronomy, Harbour University', x: 204, y: 699, size: 8 },
    { text: '2', x: 200, y: 690, size: 6 },
    { text: 'Editor-in-Chief of the Monthly Sky', x: 204, y: 687, size: 8 },
    { text: '3', x: 200, y: 678, size: 6 },
    { text: 'Lantern Publishing, Port Town', x: 204, y: 675, size: 8 },
    { text: 'ABSTRACT', x: 270, y: 650 },
    ...prose('Abstract', 6, 72, 634),
    { text: 'Keywords: Classical novae (251) - Ultraviolet astronomy (1736) - Light curves (918)', x: 72, y: 550 },
    { text: '1. INTRODUCTION', x: 250, y: 520 },
    // A footnote mark raised off the first body line, right under the heading.
    { text: '1', x: 120, y: 507, size: 7 },
    ...prose('Intro', 12, 72, 504),
    { text: '2. OBSERVATIONS', x: 250, y: 340 },
    ...prose('Observe', 12, 72, 324),
  ];
  return buildPlacedTextPdf([page, prose('More', 40)]);
}

const wide = (label: string, n: number) => filler(label, n).map((t) => `${t} and across the full width of the page`);

/** Page 2: a bibliography in two columns, then a full-width appendix whose short heading fits in the left column. */
function referencesOverAppendix(): Buffer {
  const entry = (n: number): string[] => [`[${n}] A. Author${n}, "On gauges and floats`, `number ${n}", Tide Letters ${n} (200${n % 10}).`];
  const page1: PlacedLine[] = [
    { text: 'Quantum Gauges Explained', x: 180, y: 760, size: 18 },
    { text: '1 Introduction', x: 54, y: 720, size: 14 },
    ...column(wide('Intro', 30), 54, 700),
    { text: 'References', x: 54, y: 320, size: 14 },
    ...column([1, 2, 3, 4].flatMap(entry), 54, 300),
  ];
  const page2: PlacedLine[] = [
    // The left column runs one line longer: the appendix heading below it fits in its width.
    ...column([...[5, 6, 7, 8, 9].flatMap(entry), '[10] A. Author10, "How to read'], 54, 760),
    ...column([...['a gauge", Tide Letters 10 (2010).'], ...[11, 12, 13, 14].flatMap(entry)], 318, 760),
    { text: 'A Proof of the main claim', x: 54, y: 610, size: 14 },
    ...column(wide('Proof', 4), 54, 590),
    { text: 'B Further remarks', x: 54, y: 520, size: 14 },
    ...column(wide('Remark', 4), 54, 500),
  ];
  return buildPlacedTextPdf([page1, page2]);
}

/** A report whose bibliography starts a new page while its outline anchor was set on the page before. */
function bibliographyOnNextPage(): Buffer {
  return buildPlacedTextPdf([
    [{ text: '1 Methods', x: 72, y: 720, size: 16, bold: true }, ...prose('Method', 40)],
    [
      { text: '2 Results', x: 72, y: 720, size: 16, bold: true },
      ...prose('Result', 20),
      { text: 'x = y + z (2.2)', x: 200, y: 400 },
      ...prose('After', 5, 72, 380),
    ],
    [
      { text: 'Bibliography', x: 72, y: 720, size: 16, bold: true },
      ...column(['[1] KNUTH D E. The TeXbook. Addison-Wesley, 1986.', '[2] LAMPORT L. LaTeX. Addison-Wesley, 1994.'], 72, 690),
    ],
  ]);
}

/** A word processor's manual: chapters in 14 pt bold, sections in 13 pt bold, one chapter named in capitals. */
function wordManual(): Buffer {
  const chapter = (title: string, label: string, section: string): PlacedLine[] => [
    { text: title, x: 72, y: 720, size: 14, bold: true },
    ...prose(label, 10, 72, 700),
    { text: section, x: 72, y: 560, size: 13, bold: true },
    ...prose(`${label} more`, 10, 72, 540),
  ];
  return buildPlacedTextPdf([
    chapter('Introduction', 'Intro', 'Basic concepts'),
    chapter('Proofing', 'Proof', 'Soft proofs'),
    chapter('DEPRECATED', 'Model', 'Viewing conditions'),
    chapter('Gamut mapping', 'Gamut', 'Clipping'),
  ]);
}

describe('layouts from fresh documents (issue 17 trial)', () => {
  const parser = new PdfjsParser();
  // No OCR: a title page's few words would otherwise be read again off the rendered page.
  const parse = (pdf: Buffer, ignoreOutline = false) => parser.parse(pdf, { ignoreOutline, ocr: { mode: 'off', langs: [] } });
  const text = (blocks: Array<{ text: string }>) => blocks.map((b) => b.text).join('\n');

  it('ends a book contents before the first chapter label and reads a body-size Preface as a section', async () => {
    const article = await parse(bookWithPreface(), true);
    const toc = article.sections.find((s) => s.number === 'toc');
    expect(toc).toBeDefined();
    expect(text(toc!.blocks)).not.toMatch(/Chapter 1/);
    const preface = article.sections.find((s) => s.title === 'Preface');
    expect(preface?.blocks[0].text).toMatch(/^Preface sentence 1/);
    const chapters = article.sections.filter((s) => s.level === 1 && /^[1-9]$/.test(s.number)).map((s) => [s.number, s.title]);
    expect(chapters).toEqual([
      ['1', 'Getting Started'],
      ['2', 'Recording Water Levels'],
    ]);
  });

  it('reads every marked affiliation, dash-separated keywords, and a heading with a footnote mark raised under it', async () => {
    const article = await parse(markedFrontMatter(), true);
    expect(article.affiliations).toEqual([
      'Department of Astronomy, Harbour University',
      'Editor-in-Chief of the Monthly Sky',
      'Lantern Publishing, Port Town',
    ]);
    expect(article.keywords).toEqual(['Classical novae', 'Ultraviolet astronomy', 'Light curves']);
    const numbered = article.sections.filter((s) => /^[1-9]$/.test(s.number)).map((s) => [s.number, s.title]);
    expect(numbered).toEqual([
      ['1', 'INTRODUCTION'],
      ['2', 'OBSERVATIONS'],
    ]);
  });

  it('reads a full-width appendix heading after the two-column references it sits under', async () => {
    const article = await parse(referencesOverAppendix(), true);
    const references = article.sections.find((s) => s.number === 'ref');
    expect(text(references!.blocks)).toMatch(/\[14\] A\. Author14/);
    const appendix = article.sections.find((s) => s.title === 'Proof of the main claim');
    expect(appendix?.number).toBe('A');
    expect(appendix?.blocks[0].text).toMatch(/^Proof sentence 1/);
    expect(text(references!.blocks)).not.toMatch(/Proof sentence/);
  });

  it('takes an appendix letter from the printed heading when the outline titles the entry without it', async () => {
    const pdf = await addOutline(referencesOverAppendix(), [
      { title: '1 Introduction', page: 1, top: 734 },
      { title: 'References', page: 1, top: 334 },
      { title: 'Proof of the main claim', page: 2, top: 624 },
      { title: 'Further remarks', page: 2, top: 534 },
    ]);
    const sections = (await parse(pdf)).sections;
    expect(sections.map((s) => [s.number, s.title]).slice(-2)).toEqual([
      ['A', 'Proof of the main claim'],
      ['B', 'Further remarks'],
    ]);
    expect(text(sections.find((s) => s.number === 'ref')!.blocks)).toMatch(/\[14\] A\. Author14/);
  });

  it('opens an outline entry at its title printed atop the next page when its anchor sits before the page break', async () => {
    const pdf = await addOutline(bibliographyOnNextPage(), [
      { title: '1 Methods', page: 1, top: 736 },
      { title: '2 Results', page: 2, top: 736 },
      { title: 'Bibliography', page: 2, top: 410 },
    ]);
    const sections = (await parse(pdf)).sections;
    const results = sections.find((s) => s.number === '2');
    const bibliography = sections.find((s) => s.title === 'Bibliography');
    expect(text(results!.blocks)).toMatch(/\(2\.2\)/);
    expect(bibliography?.blocks[0]).toMatchObject({ page: 3, text: expect.stringMatching(/^\[1\] KNUTH/) });
  });

  it('keeps a chapter named in capitals at the level of the other chapters set in its style', async () => {
    const sections = (await parse(wordManual(), true)).sections;
    expect(sections.map((s) => [s.title, s.level])).toEqual([
      ['Introduction', 1],
      ['Basic concepts', 2],
      ['Proofing', 1],
      ['Soft proofs', 2],
      ['DEPRECATED', 1],
      ['Viewing conditions', 2],
      ['Gamut mapping', 1],
      ['Clipping', 2],
    ]);
  });
});
