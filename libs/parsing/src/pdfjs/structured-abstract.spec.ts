import * as fs from 'fs';
import * as path from 'path';
import type { ParsedArticle } from '../article';
import { run, styledLine } from '../testing/flow-line.fixture';
import { PdfjsParser } from './pdfjs.parser';
import { structuredAbstractParts } from './structured-abstract';

/** `test/fixtures/journal/structured-abstract.pdf`: HTML printed by Chromium (`test/fixtures/journal/build.js`). */
const FIXTURE = path.resolve(__dirname, '../../../../test/fixtures/journal/structured-abstract.pdf');

describe(structuredAbstractParts.name, () => {
  let article: ParsedArticle;
  beforeAll(async () => {
    article = await new PdfjsParser().parse(fs.readFileSync(FIXTURE));
  });
  const section = (title: string, from = 0) => article.sections.slice(from).find((s) => s.title === title);

  it('makes the bold run-in leads of a structured abstract its sub-sections, without the lead in their text', () => {
    const head = article.sections.slice(0, 5).map((s) => `${s.number} ${s.level} ${s.title}`);
    expect(head).toEqual(['0 1 Abstract', '0.1 2 Background', '0.2 2 Methods', '0.3 2 Results', '0.4 2 Conclusions']);
    expect(article.sections[1].blocks[0].text).toMatch(/^Most participants were children/);
  });

  it('keeps the whole abstract, leads included, as the article abstract and still reads its keywords', () => {
    expect(article.abstract).toMatch(/^Background: Most participants/);
    expect(article.abstract).toContain('Conclusions: Heterogeneity was large');
    expect(article.keywords).toEqual(['Iron deficiency anaemia', 'Eradication therapy', 'Meta-analysis']);
  });

  it('reads a column filled mostly by a small-type table as a column of its own', () => {
    const body = article.sections.slice(5).map((s) => s.title);
    expect(body).toEqual(expect.arrayContaining(['Results', 'Search results', 'Study characteristics', 'Summary estimates']));
    const searchResults = section('Search results', 5)!
      .blocks.map((b) => b.text)
      .join(' ');
    expect(searchResults).toMatch(/^The follow-up ranged/);
    expect(searchResults).not.toContain('pooled difference in haemoglobin');
    expect(
      section('Data extraction', 5)!
        .blocks.map((b) => b.text)
        .join(' '),
    ).not.toContain('Search results');
  });
});

describe(`${structuredAbstractParts.name} on parts set without a break between them`, () => {
  // "Background." in bold, its stop and the text in the roman font, the part's last line running to the margin.
  const lead = (name: string, rest: string, y: number) =>
    styledLine(`${name}. ${rest}`, {
      y,
      runs: [run(name, { y, font: 'Times-Bold', bold: true }), run(`. ${rest}`, { x: 72 + name.length * 5, y })],
    });
  const plain = (text: string, y: number) => styledLine(text, { y });
  const lines = [
    lead('Background', 'Grazing rose over the decade covered by the survey and was', 700),
    plain('recorded twice a year in every transect of the study region.', 688),
    lead('Methods', 'Plant cover was recorded in fixed quadrats along each transect', 676),
    plain('and soil cores were weighed in the laboratory within a week.', 664),
  ];
  const paragraph = { lines, text: lines.map((l) => l.text).join(' ') };

  it('cuts the paragraph where a later line opens with a part name, and leaves the stop out of the text', () => {
    const parts = structuredAbstractParts([paragraph], '0')?.parts ?? [];
    expect(parts.map((p) => p.title)).toEqual(['Background', 'Methods']);
    expect(parts.map((p) => p.blocks[0].text)).toEqual([
      'Grazing rose over the decade covered by the survey and was recorded twice a year in every transect of the study region.',
      'Plant cover was recorded in fixed quadrats along each transect and soil cores were weighed in the laboratory within a week.',
    ]);
  });

  it('does not cut after a line that ends mid-sentence', () => {
    const broken = [lines[0], plain('recorded twice a year in every transect of the study region and', 688), ...lines.slice(2)];
    expect(structuredAbstractParts([{ lines: broken, text: broken.map((l) => l.text).join(' ') }], '0')).toBeNull();
  });

  it('cuts inside a line at a part name in italic with its stop, after the end of a sentence', () => {
    const y = 652;
    const inline = styledLine('were examined. Methods. Focus groups met twice in each of the two centres.', {
      y,
      runs: [
        run('were examined.', { y }),
        run('Methods', { x: 150, y, font: 'Minion-Italic' }),
        run('. Focus groups met twice in each of the two centres.', { x: 190, y }),
      ],
    });
    const first = styledLine('Objectives. Patient experiences of the programmes and their views', {
      y: 664,
      runs: [
        run('Objectives', { y: 664, font: 'Minion-Italic' }),
        run('. Patient experiences of the programmes and their views', { x: 130, y: 664 }),
      ],
    });
    const text = `${first.text} ${inline.text}`;
    const parts = structuredAbstractParts([{ lines: [first, inline], text }], '0')?.parts ?? [];
    expect(parts.map((p) => [p.title, p.blocks[0].text])).toEqual([
      ['Objectives', 'Patient experiences of the programmes and their views were examined.'],
      ['Methods', 'Focus groups met twice in each of the two centres.'],
    ]);
  });
});
