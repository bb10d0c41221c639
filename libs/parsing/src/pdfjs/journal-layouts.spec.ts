import * as fs from 'fs';
import * as path from 'path';
import type { ParsedArticle } from '../article';
import { buildTextPdf } from '../../../../test/fixtures/pdf-fixtures';
import { PdfjsParser } from './pdfjs.parser';

/**
 * Journal layouts the parser was not tuned on, rebuilt as small PDFs by `test/fixtures/journal/build.js`
 * (HTML printed by Chromium, running heads stamped by pdf-lib): each case is a defect seen on real articles.
 */
const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures/journal');
const parse = (name: string) => new PdfjsParser().parse(fs.readFileSync(path.join(FIXTURES, name)));
const titles = (article: ParsedArticle) => article.sections.map((s) => s.title);
const section = (article: ParsedArticle, title: string) => article.sections.find((s) => s.title === title);

describe('journal layouts', () => {
  let smallCaps: ParsedArticle;
  let numbered: ParsedArticle;
  let mapped: ParsedArticle;
  beforeAll(async () => {
    [smallCaps, numbered, mapped] = await Promise.all([
      parse('unnumbered-smallcaps.pdf'),
      parse('numbered-tables.pdf'),
      parse('smallcaps-mapped.pdf'),
    ]);
  });

  it('never fuses the first author into a title set in the same style', () => {
    expect(numbered.title).toBe('Financial Inclusion and Economic Growth in Nigeria');
    expect(smallCaps.title).toBe('Rainfall Variability and Smallholder Maize Yields in the Savanna Belt of West Africa');
  });

  it('lists the authors without affiliation markers, a wrapped surname joined', () => {
    expect(numbered.authors).toEqual(['Taofik Mohammed Ibrahim', 'Grace Adaeze Nwosu']);
    expect(smallCaps.authors).toEqual(['Amara Chinwe Okafor', 'Kwame Mensah Boateng', 'Lucia Fernanda Dias']);
  });

  it('joins a letter-spaced "A B S T R A C T" label and starts the body at the first small-caps heading', () => {
    expect(smallCaps.abstract).toMatch(/^We study how year-to-year rainfall variability/);
    expect(titles(smallCaps)).toEqual([
      'Abstract',
      'Introduction',
      'Data and Methods',
      'Results',
      'Discussion',
      'Acknowledgements',
      'References',
    ]);
  });

  it('reads small capitals whose small letters are mapped to lowercase as whole words', () => {
    expect(titles(mapped)).toEqual(['Introduction', 'Methods', 'Discussion']);
  });

  it('keeps a bold run-in lead ("Survey.") inside its paragraph', () => {
    expect(section(smallCaps, 'Data and Methods')?.blocks[0].text).toMatch(/^Survey\. The household survey/);
  });

  it('keeps numbered sub-headings and takes no heading from table headers or table notes', () => {
    expect(numbered.sections.map((s) => `${s.number} ${s.title}`)).toEqual([
      '0 Abstract',
      '1 Introduction',
      '2 Literature Review',
      '3 Data and Methodology',
      '4 Results and Discussion',
      '4.1 Empirical Results',
      '4.2 Unit root Test',
      '4.3 Discussion of Findings',
      '5 Conclusion',
      '6 Conflicts of interest',
      'ref References',
    ]);
  });

  it('puts an unlabelled reference list after "Conflicts of interest" into its own References section', () => {
    expect(section(numbered, 'Conflicts of interest')?.blocks.map((b) => b.text)).toEqual(['The authors declare no conflict of interest.']);
    const references = section(numbered, 'References')?.blocks ?? [];
    expect(references).toHaveLength(4);
    expect(references[1].text).toMatch(/^King, R\. G\. and Levine, R\. \(1993\)\. Finance and growth/);
  });

  it('leaves running heads out of the text', () => {
    const text = [smallCaps, numbered].flatMap((a) => a.sections.flatMap((s) => s.blocks.map((b) => b.text))).join('\n');
    expect(text).not.toMatch(/Okafor et al\.|Ibrahim and Nwosu|Journal of Applied Regional Economics 14/);
  });
});

describe('front matter and references as data', () => {
  it('reads affiliations without markers, keywords, and each reference’s fields', async () => {
    const numbered = await parse('numbered-tables.pdf');
    expect(numbered.affiliations).toEqual([
      'Department of Economics, Ahmadu Bello University, Zaria, Nigeria',
      'Department of Banking and Finance, University of Lagos, Nigeria',
    ]);
    expect(numbered.keywords).toEqual(['financial inclusion', 'economic growth', 'ARDL', 'Nigeria']);
    expect(numbered.references?.[1]).toEqual({
      position: 1,
      label: null,
      raw: 'King, R. G. and Levine, R. (1993). Finance and growth: Schumpeter might be right. Quarterly Journal of Economics, 108(3), 717-737. doi:10.2307/2118406',
      authors: ['King, R. G.', 'Levine, R.'],
      title: 'Finance and growth: Schumpeter might be right',
      year: 1993,
      venue: 'Quarterly Journal of Economics, 108(3), 717-737',
      doi: '10.2307/2118406',
    });
    expect(numbered.references?.map((r) => r.year)).toEqual([2007, 1993, 2011, 2015]);
  });
});

describe('tables in the embedded parser', () => {
  it('stores each captioned table as a Markdown table block with its notes, after its caption block', async () => {
    const numbered = await parse('numbered-tables.pdf');
    const blocks = section(numbered, 'Unit root Test')?.blocks ?? [];
    expect(blocks.map((b) => b.kind)).toEqual(['text', 'figure_caption', 'table']);
    expect(blocks[1].text).toBe('Table 2: Long run estimates');
    expect(blocks[2].text).toBe(
      [
        'Table 2: Long run estimates',
        [
          '| 5.1 | CE | Non-CE |',
          '| --- | --- | --- |',
          '| Branch density | 0.412 | 0.128 |',
          '| Private credit | 0.236 | 0.091 |',
          '| Deposit accounts | 0.018 | 0.044 |',
        ].join('\n'),
        'Note: CE denotes the cointegrating equation.',
      ].join('\n\n'),
    );
    const first = section(numbered, 'Empirical Results')?.blocks.find((b) => b.kind === 'table');
    expect(first?.text.split('\n\n')[1].split('\n')[0]).toBe('| Variable | ADF level | ADF first diff. | Order |');
    expect(first?.text).toMatch(
      /\| Deposit accounts \| -3\.48\*\* \| -8\.03\*\*\* \| I\(0\) \|\n\nNote: \*, \*\* and \*\*\* depict significance/,
    );
    // No table row or note is left behind as prose.
    const prose = numbered.sections.flatMap((s) => s.blocks.filter((b) => b.kind === 'text').map((b) => b.text));
    expect(prose.filter((t) => /Non-CE|0\.412|^Note:/.test(t))).toEqual([]);
  });
});

describe('bold run-in section names', () => {
  it('makes "Methods." at the start of a paragraph a heading, keeping the rest of the paragraph and other bold leads', async () => {
    const article = await parse('runin-headings.pdf');
    expect(titles(article)).toEqual(['Abstract', 'Introduction', 'Methods', 'Results', 'Discussion']);
    const methods = section(article, 'Methods')?.blocks.map((b) => b.text) ?? [];
    expect(methods[0]).toMatch(/^We recruited 120 nurses from three hospitals\./);
    expect(methods[1]).toMatch(/^Survey\. A short questionnaire/);
    expect(section(article, 'Introduction')?.blocks[0].text).toMatch(/^Shift work is common in hospitals/);
  });
});

describe('run-in sub-headings under set-off section headings (ASM journal style)', () => {
  let article: ParsedArticle;
  beforeAll(async () => {
    article = await parse('runin-methods.pdf');
  });

  it('makes bold paragraph leads sub-sections of their section, wrapped or filling their line', () => {
    expect(article.sections.map((s) => [s.number, s.title, s.level])).toEqual([
      ['0', 'Abstract', 1],
      ['1', 'Introduction', 1],
      ['2', 'MATERIALS AND METHODS', 1],
      ['2.1', 'Sampling sites and field measurements', 2],
      ['2.2', 'Bacterial strains and culture conditions', 2],
      ['2.3', 'DNA extraction', 2],
      ['2.4', 'qPCR analysis', 2],
      ['3', 'RESULTS', 1],
      ['3.1', 'Environmental conditions along the estuary over the two sampling years', 2],
      ['3.2', 'Abundance of amoA genes', 2],
      ['4', 'DISCUSSION', 1],
    ]);
  });

  it('keeps each paragraph after its lead and titles the unheaded opening text as the introduction', () => {
    expect(section(article, 'Introduction')?.blocks[0].text).toMatch(/^Nitrification links the oxidation of ammonia/);
    expect(section(article, 'DNA extraction')?.blocks[0].text).toMatch(/^Cells from one liter of water were collected/);
    expect(section(article, 'Bacterial strains and culture conditions')?.blocks[0].text).toMatch(/^Reference strains of ammonia/);
    expect(section(article, 'qPCR analysis')?.blocks[0].text).toMatch(/^Archaeal and bacterial amoA genes were quantified/);
  });
});

describe('table notes', () => {
  it('never takes a bold note under a table for a heading', async () => {
    const heading = (text: string) => ({ text, size: 13, bold: true });
    const body = 'Growth rose in every year of the sample and the estimates below are stable across the periods we test.';
    const pdf = buildTextPdf([
      [
        { text: 'Notes Under Tables Are Not Headings', size: 18, bold: true },
        heading('Introduction'),
        body,
        body,
        heading('Results'),
        body,
        '',
        { text: 'Note: Standard errors in parentheses', bold: true },
        '',
        body,
        body,
        heading('Conclusion'),
        body,
      ],
    ]);
    const article = await new PdfjsParser().parse(pdf);
    expect(titles(article)).toEqual(['Introduction', 'Results', 'Conclusion']);
  });
});

describe('short front matter between the abstract and the first heading (ACM two-column first page)', () => {
  let article: ParsedArticle;
  beforeAll(async () => {
    article = await parse('acm-preface.pdf');
  });

  it('keeps CCS concepts, the keywords from the other column and the reference format in the abstract section', () => {
    expect(titles(article)).toEqual(['Abstract', 'INTRODUCTION', 'RELATED WORK']);
    expect(section(article, 'Abstract')?.blocks.map((b) => b.text.slice(0, 40))).toEqual([
      'Readers on small screens lose their plac',
      'CCS CONCEPTS • Human-centered computing ',
      'KEYWORDS gaze tracking, reading, mobile ',
      'ACM Reference Format: Ingrid Solberg and',
    ]);
  });

  it('reads the keywords printed under a bare KEYWORDS label, not the CCS concepts', () => {
    expect(article.keywords).toEqual(['gaze tracking', 'reading', 'mobile devices', 'scrolling']);
  });

  it('keeps the abstract text to the abstract and the licence, permission and ISBN notes out of every section', () => {
    expect(article.abstract).toMatch(/^Readers on small screens .* nine cases of ten\.$/);
    const all = article.sections.flatMap((s) => s.blocks.map((b) => b.text)).join('\n');
    expect(all).not.toMatch(/Permission to make|ISBN|Copyright held|classroom use/);
  });
});
