import { addOutline, type BookmarkSpec } from '../../../../test/fixtures/pdf-outline';
import { buildTextPdf } from '../../../../test/fixtures/pdf-fixtures';
import { PdfjsParser } from './pdfjs.parser';

/** buildTextPdf's layout: 11 pt lines from y = 720 down, 1.45 × size apart. */
const lineY = (k: number) => 720 - 11 * 1.45 * k;

/**
 * A report whose headings are set exactly like its body text (same font, size, weight, no numbers): layout
 * cannot tell them, only the outline can.
 */
const plainReport = () =>
  buildTextPdf([
    [
      'Overview',
      'The storage engine keeps every record in pages of equal size on disk.',
      'Design choices',
      'Pages are written whole, never patched in place, so a torn write is detected.',
      'Readers never wait for writers because each reader keeps its own snapshot.',
    ],
    [
      'Storage layout',
      'Each page starts with a header that names its kind and its checksum.',
      'Evaluation',
      'We measured throughput on two machines with a mixed workload of reads.',
      'The closing remarks start on this line and say what remains to be done.',
      'Compaction runs in the background and never blocks the foreground path.',
    ],
  ]);

const outline: BookmarkSpec[] = [
  {
    title: 'Overview',
    page: 1,
    top: lineY(0) + 11,
    children: [
      {
        title: 'Design choices',
        page: 1,
        top: lineY(2) + 11,
        named: true,
        children: [{ title: 'Storage layout', page: 2, top: lineY(0) + 11 }],
      },
    ],
  },
  { title: 'Evaluation', page: 2, top: lineY(2) + 11, named: true },
  // Not printed in the text: the section opens where the destination points.
  { title: 'Closing remarks', page: 2, top: lineY(4) + 8 },
  // Printed only as the start of a line (a manual's command entry): the line opens the section and stays text.
  { title: 'Compaction', page: 2, top: lineY(5) + 8 },
];

describe('headings from the PDF outline', () => {
  const parser = new PdfjsParser();

  it('takes titles, places and hierarchy from bookmarks with explicit and named destinations', async () => {
    const article = await parser.parse(await addOutline(plainReport(), outline));
    expect(article.sections.map((s) => [s.title, s.level])).toEqual([
      ['Overview', 1],
      ['Design choices', 2],
      ['Storage layout', 3],
      ['Evaluation', 1],
      ['Closing remarks', 1],
      ['Compaction', 1],
    ]);
    const byTitle = new Map(article.sections.map((s) => [s.title, s]));
    expect(
      byTitle
        .get('Design choices')
        ?.blocks.map((b) => b.text)
        .join(' '),
    ).toMatch(/^Pages are written whole.*own snapshot\.$/);
    expect(byTitle.get('Storage layout')?.blocks[0]).toMatchObject({ page: 2, text: expect.stringMatching(/^Each page starts/) });
    expect(
      byTitle
        .get('Evaluation')
        ?.blocks.map((b) => b.text)
        .join(' '),
    ).toMatch(/^We measured throughput[^]*reads\.$/);
    expect(
      byTitle
        .get('Closing remarks')
        ?.blocks.map((b) => b.text)
        .join(' '),
    ).toMatch(/^The closing remarks start[^]*to be done\.$/);
    expect(byTitle.get('Compaction')?.blocks.map((b) => b.text)).toEqual([
      'Compaction runs in the background and never blocks the foreground path.',
    ]);
    // Ordinals follow the outline's hierarchy.
    expect(article.sections.map((s) => s.number)).toEqual(['1', '1.1', '1.1.1', '2', '3', '4']);
  });

  it('counts titles that begin the line at their destination as found, so such an outline is kept', async () => {
    const article = await parser.parse(
      await addOutline(plainReport(), [
        { title: 'Overview', page: 1, top: lineY(0) + 11 },
        { title: 'Pages are written', page: 1, top: lineY(3) + 8 },
        { title: 'Readers never wait', page: 1, top: lineY(4) + 8 },
        { title: 'Each page starts', page: 2, top: lineY(1) + 8 },
      ]),
    );
    expect(article.sections.map((s) => s.title)).toEqual(['Overview', 'Pages are written', 'Readers never wait', 'Each page starts']);
    expect(article.sections[2].blocks.map((b) => b.text)).toEqual([
      'Readers never wait for writers because each reader keeps its own snapshot.',
      'Storage layout',
    ]);
  });

  it('ignores the outline when asked, as the structure eval does to score detection against it', async () => {
    const article = await parser.parse(await addOutline(plainReport(), outline), { ignoreOutline: true });
    expect(article.sections.map((s) => s.title)).not.toContain('Design choices');
  });

  it('falls back to layout detection for a one-entry outline or one whose titles are not on their pages', async () => {
    const single = await parser.parse(await addOutline(plainReport(), [{ title: 'Overview', page: 1 }]));
    expect(single.sections.map((s) => s.title)).not.toContain('Overview');
    const stray = await parser.parse(
      await addOutline(plainReport(), [
        { title: 'Chapter one of another book', page: 1 },
        { title: 'Chapter two of another book', page: 2 },
        { title: 'Evaluation', page: 2 },
      ]),
    );
    expect(stray.sections.map((s) => s.title)).not.toContain('Chapter one of another book');
    expect(stray.sections.map((s) => s.title)).not.toContain('Evaluation');
  });
  it('numbers a book as printed: an unnumbered preface gets no number and no chapter number repeats', async () => {
    // A LaTeX book: \chapter*{Preface} whose sections still print "0.1", then "Chapter 1" over its title, both
    // set lower than a running head would be (an empty 40 pt line above them).
    const big = (text: string) => ({ text, size: 20, bold: true });
    const sink = { text: ' ', size: 40 };
    const pdf = buildTextPdf([
      [
        big('Preface'),
        'This book is about the parts of an operating system that programmers meet every day.',
        '0.1 Using the code',
        'The examples are in a repository that readers can clone and change as they read.',
      ],
      [
        sink,
        big('Chapter 1'),
        big('Compilation'),
        'A compiled language turns source code into machine code before the program runs.',
        '1.1 Static types',
        'Many interpreted languages check types only while the program is running.',
      ],
      [sink, big('Chapter 2'), big('Processes'), 'A process is the software object that represents a running program.'],
    ]);
    // Line k's baseline after a 20 pt line and k - 1 11 pt lines (buildTextPdf steps 1.45 × size).
    const below20 = (k: number) => 720 - 29 - 11 * 1.45 * (k - 1);
    const article = await parser.parse(
      await addOutline(pdf, [
        { title: 'Preface', page: 1, top: 745, children: [{ title: 'Using the code', page: 1, top: below20(2) + 11 }] },
        { title: 'Compilation', page: 2, top: 700, children: [{ title: 'Static types', page: 2, top: below20(3) - 58 - 29 + 11 }] },
        { title: 'Processes', page: 3, top: 700 },
      ]),
    );
    expect(article.sections.map((s) => [s.number, s.title, s.level])).toEqual([
      ['', 'Preface', 1],
      ['0.1', 'Using the code', 2],
      ['1', 'Compilation', 1],
      ['1.1', 'Static types', 2],
      ['2', 'Processes', 1],
    ]);
  });

  it('reads the number of IEEE-style outline entries once ("I Introduction", "II-A Dataset"), not twice', async () => {
    const pdf = buildTextPdf([
      [
        'I. Introduction',
        'The storage engine keeps every record in pages of equal size on disk.',
        'II. Method',
        'Pages are written whole, never patched in place, so a torn write is detected.',
        'A. Dataset',
        'Readers never wait for writers because each reader keeps its own snapshot.',
      ],
    ]);
    const article = await parser.parse(
      await addOutline(pdf, [
        { title: 'I Introduction', page: 1, top: lineY(0) + 11 },
        { title: 'II Method', page: 1, top: lineY(2) + 11, children: [{ title: 'II-A Dataset', page: 1, top: lineY(4) + 11 }] },
      ]),
    );
    expect(article.sections.map((s) => [s.number, s.title, s.level])).toEqual([
      ['I', 'Introduction', 1],
      ['II', 'Method', 1],
      ['II.A', 'Dataset', 2],
    ]);
  });

  it('reads part numerals and appendix letters in outline titles as numbers, and TeX quotes as printed', async () => {
    const big = (text: string) => ({ text, size: 20, bold: true });
    const pdf = buildTextPdf([
      [big('Part I'), big('Plotting'), 'Gnuplot draws plots of functions and of data read from files or pipes.'],
      ['The "Teaser Figure"', 'A teaser figure is an image set right below the authors on the first page.'],
      [big('Part II'), big('Commands'), 'This part lists the commands gnuplot accepts, in alphabetical order.'],
      [
        'A Research Methods',
        'A.1 Part One',
        'The first appendix part describes how the survey was sampled and weighted.',
        'B Online Resources',
        'The data and scripts are kept in a public repository with a stable address.',
      ],
    ]);
    const article = await parser.parse(
      await addOutline(pdf, [
        { title: 'I Plotting', page: 1, top: 745, children: [{ title: "The ``Teaser Figure''", page: 2, top: lineY(0) + 11 }] },
        { title: 'II Commands', page: 3, top: 745 },
        { title: 'A Research Methods', page: 4, top: lineY(0) + 11, children: [{ title: 'A.1 Part One', page: 4, top: lineY(1) + 11 }] },
        { title: 'B Online Resources', page: 4, top: lineY(3) + 11 },
      ]),
    );
    expect(article.sections.map((s) => s.title)).toContain('The “Teaser Figure”');
    expect(article.sections.filter((s) => s.level === 1 || s.number.includes('.')).map((s) => [s.number, s.title, s.level])).toEqual([
      ['I', 'Plotting', 1],
      ['II', 'Commands', 1],
      ['A', 'Research Methods', 1],
      ['A.1', 'Part One', 2],
      ['B', 'Online Resources', 1],
    ]);
  });

  it('lists text printed after the table of contents after it, never before it', async () => {
    const dotted = (title: string, page: number) => `${title} . . . . . . . . . . . . . . . . . . . . ${page}`;
    const pdf = buildTextPdf([
      [{ text: 'A Field Guide to Tidal Gauges', size: 24, bold: true }, 'Second edition'],
      [
        { text: 'Contents', size: 16, bold: true },
        dotted('1 Getting Started', 4),
        dotted('1.1 Choosing a Site', 4),
        dotted('1.2 Mounting the Float Well', 4),
        dotted('2 Recording Water Levels', 5),
        dotted('2.1 Sampling Intervals', 5),
      ],
      [
        'This guide grew out of twenty years of fieldwork on small harbours along a rocky coast,',
        'where the gauges we could buy were too fragile for the winter storms and too costly to',
        'replace each spring. It describes what we learned about siting, mounting and reading them,',
        'and how the readings are reduced to a record that engineers and harbour masters can trust.',
        'Each chapter ends with the mistakes we made ourselves, so that readers need not repeat them.',
        'We thank the harbour masters who let us drill into their walls and lent us their boats.',
      ],
      [
        { text: '1 Getting Started', size: 16, bold: true },
        'A gauge belongs where the water is deep at the lowest tide and sheltered from the swell.',
      ],
      [
        { text: '2 Recording Water Levels', size: 16, bold: true },
        'A float gauge records the level of the water in its well every few minutes.',
      ],
    ]);
    const article = await parser.parse(
      await addOutline(pdf, [
        { title: 'Getting Started', page: 4, top: 745 },
        { title: 'Recording Water Levels', page: 5, top: 745 },
      ]),
    );
    const order = article.sections.map((s) => (s.number === 'toc' ? 'toc' : s.title || s.blocks[0]?.text.slice(0, 20)));
    expect(order[0]).toBe('toc');
    expect(order.slice(-2)).toEqual(['Getting Started', 'Recording Water Levels']);
    // No contents entry is repeated outside the contents' section.
    const outside = article.sections.filter((s) => s.number !== 'toc').flatMap((s) => s.blocks.map((b) => b.text));
    expect(outside.filter((text) => /(\. ){4}/.test(text))).toEqual([]);
    expect(article.sections.flatMap((s) => s.blocks.map((b) => b.page))).toEqual(
      [...article.sections.flatMap((s) => s.blocks.map((b) => b.page))].sort((a, b) => a - b),
    );
  });
});
