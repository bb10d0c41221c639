import { addOutline } from '../../../../test/fixtures/pdf-outline';
import { buildPlacedTextPdf, column, type PlacedLine } from '../../../../test/fixtures/placed-text-pdf';
import { PdfjsParser } from './pdfjs.parser';

const LEFT = 54;
const RIGHT = 318;
const filler = (label: string, n: number) => Array.from({ length: n }, (_, k) => `${label} line ${k + 1} sets the body text here`);

/**
 * A journal template's page in two columns whose headings repeat the same titles ("Second level head" under both
 * first-level heads), the right column's a little higher than the left's: nearest to the left one's destination by
 * height, so only the destination's x, or the order of printings, says which printing a bookmark means.
 */
function twoColumnTemplate(): Buffer {
  const head = (text: string, x: number, y: number): PlacedLine => ({ text, x, y, size: 11, bold: true });
  const page: PlacedLine[] = [
    { text: 'Article Title', x: 200, y: 740, size: 18 },
    head('First level head', LEFT, 700),
    ...column(filler('Alpha', 8), LEFT, 684),
    head('Second level head', LEFT, 580),
    ...column(filler('Beta', 30), LEFT, 564),
    head('Another first level head', RIGHT, 700),
    ...column(filler('Gamma', 5), RIGHT, 684),
    head('Second level head', RIGHT, 596),
    ...column(filler('Delta', 30), RIGHT, 580),
  ];
  return buildPlacedTextPdf([page]);
}

/** A manual (texinfo's kind) whose outline omits the printed numbers and keeps link addresses before the link text. */
function numberlessManual(): Buffer {
  const page1: PlacedLine[] = [
    { text: '6 Contour Plots', x: 72, y: 700, size: 17 },
    ...column(filler('Intro', 6), 72, 680, { size: 11, leading: 13 }),
    { text: 'to use them.', x: 72, y: 600, size: 11 },
    { text: '6.1 Example', x: 72, y: 580, size: 13 },
    ...column(filler('Example', 6), 72, 562, { size: 11, leading: 13 }),
    { text: '6.2 Version 2.12 [2017 January 27 Founders Day (https://example.org/founders)]', x: 72, y: 470, size: 13 },
    ...column(filler('Release', 6), 72, 452, { size: 11, leading: 13 }),
  ];
  return buildPlacedTextPdf([page1]);
}

describe('outline entries mapped to their printing', () => {
  const parser = new PdfjsParser();

  it('maps titles printed twice on a page in columns to the printing in the destination column, in reading order', async () => {
    const pdf = await addOutline(twoColumnTemplate(), [
      {
        title: 'First level head',
        page: 1,
        left: LEFT,
        top: 712,
        children: [{ title: 'Second level head', page: 1, left: LEFT, top: 592 }],
      },
      {
        title: 'Another first level head',
        page: 1,
        left: RIGHT,
        top: 712,
        children: [{ title: 'Second level head', page: 1, left: RIGHT, top: 608 }],
      },
    ]);
    const article = await parser.parse(pdf);
    const sections = article.sections.filter((s) => s.title !== 'Abstract');
    expect(sections.map((s) => [s.title, s.level])).toEqual([
      ['First level head', 1],
      ['Second level head', 2],
      ['Another first level head', 1],
      ['Second level head', 2],
    ]);
    const texts = sections.map((s) => s.blocks.map((b) => b.text).join(' '));
    expect(texts[0]).toMatch(/^Alpha line 1/);
    expect(texts[1]).toMatch(/^Beta line 1.*Beta line 30/);
    expect(texts[2]).toMatch(/^Gamma line 1/);
    expect(texts[3]).toMatch(/^Delta line 1.*Delta line 30/);
  });

  it('maps them in reading order when the destinations carry no x', async () => {
    const pdf = await addOutline(twoColumnTemplate(), [
      { title: 'First level head', page: 1, top: 712, children: [{ title: 'Second level head', page: 1, top: 592 }] },
      { title: 'Another first level head', page: 1, top: 712, children: [{ title: 'Second level head', page: 1, top: 608 }] },
    ]);
    const sections = (await parser.parse(pdf)).sections;
    const second = sections.filter((s) => s.title === 'Second level head').map((s) => s.blocks[0]?.text ?? '');
    expect(second).toEqual([expect.stringMatching(/^Beta line 1/), expect.stringMatching(/^Delta line 1/)]);
  });

  it('takes the printed number when the outline entry has none, and drops link addresses from the title', async () => {
    const pdf = await addOutline(numberlessManual(), [
      {
        title: '6 Contour Plots',
        page: 1,
        top: 720,
        children: [
          { title: 'Example', page: 1, top: 720 },
          { title: 'Version 2.12 [2017 January 27 https://example.org/founders, Founders Day]', page: 1, top: 720 },
        ],
      },
    ]);
    const sections = (await parser.parse(pdf)).sections;
    expect(sections.map((s) => [s.number, s.title])).toEqual([
      ['6', 'Contour Plots'],
      ['6.1', 'Example'],
      ['6.2', 'Version 2.12 [2017 January 27 Founders Day]'],
    ]);
    expect(sections[0].blocks.map((b) => b.text).join(' ')).toMatch(/to use them\.$/);
    expect(sections[1].blocks[0].text).toMatch(/^Example line 1/);
    expect(sections[2].blocks[0].text).toMatch(/^Release line 1/);
  });

  it('opens a section whose title is not printed together with the subsection anchored at the same place', async () => {
    // Slides: a small headline names the subsection above the point both entries scroll to; the section is unprinted.
    const slide = (headline: string, frame: string, label: string): PlacedLine[] => [
      { text: headline, x: 30, y: 752, size: 6 },
      { text: frame, x: 30, y: 720, size: 14 },
      ...column(filler(label, 12), 30, 690, { size: 11, leading: 14 }),
    ];
    const pdf = await addOutline(
      buildPlacedTextPdf([
        slide('The Model', 'What is haplotyping?', 'Model'),
        slide('The Approach', 'How blocks help', 'Approach'),
        slide('Main Theorem', 'The partition is tractable', 'Theorem'),
      ]),
      [
        {
          title: 'Introduction',
          page: 1,
          top: 748,
          children: [
            { title: 'The Model', page: 1, top: 748 },
            { title: 'The Approach', page: 2, top: 748 },
          ],
        },
        { title: 'Results', page: 3, top: 748, children: [{ title: 'Main Theorem', page: 3, top: 748 }] },
      ],
    );
    const sections = (await parser.parse(pdf)).sections;
    expect(sections.map((s) => [s.title, s.level, s.blocks.length > 0])).toEqual([
      ['Introduction', 1, false],
      ['The Model', 2, true],
      ['The Approach', 2, true],
      ['Results', 1, false],
      ['Main Theorem', 2, true],
    ]);
    expect(sections[1].blocks.map((b) => b.text).join(' ')).toMatch(/^What is haplotyping\?.*Model line 12/);
  });

  it('leaves a chapter printed "0." unnumbered, so it never poses as the abstract (number 0)', async () => {
    const lines = (label: string, n: number) => column(filler(label, n), 72, 0, { size: 11, leading: 14 });
    const at = (top: number, list: PlacedLine[]) => list.map((l) => ({ ...l, y: l.y + top }));
    const pdf = await addOutline(
      buildPlacedTextPdf([
        [
          { text: 'The section package', x: 72, y: 740, size: 20 },
          ...at(700, lines('Opening', 10)),
          { text: '0. Changes to sections', x: 72, y: 540, size: 14 },
          ...at(520, lines('Changes', 8)),
          { text: '1. Sizing commands', x: 72, y: 380, size: 14 },
          ...at(360, lines('Sizing', 8)),
        ],
      ]),
      [
        { title: 'Changes to sections', page: 1, top: 556 },
        { title: 'Sizing commands', page: 1, top: 396 },
      ],
    );
    const sections = (await parser.parse(pdf)).sections;
    expect(sections.filter((s) => s.title).map((s) => [s.number, s.title])).toEqual([
      ['', 'Changes to sections'],
      ['1', 'Sizing commands'],
    ]);
  });
});
