import { startUnstructuredReplay, type UnstructuredReplay } from '../../../../test/replay/unstructured.replay-server';
import { corpusPageTexts, parsedCorpusPdf } from '../../../../test/support/parsed-corpus';
import { corpusPdf } from '../../../../test/support/paths';
import type { ParsedArticle, ParsedBlock } from '../article';
import { parsedArticle } from '../testing/parsed-article.fixture';
import { tablesFromElements, type ParsedTable } from '../unstructured/tables';
import { UnstructuredClient } from '../unstructured/unstructured.client';
import { mergeTables } from './tables.merge';

const DIB_NAME = 'dib-2019-sanni-p454.pdf';
const DIB = corpusPdf(DIB_NAME);

const article = (blocks: ParsedBlock[], pageCount = 3): ParsedArticle =>
  parsedArticle(
    [
      { number: '1', title: 'Results', level: 1, blocks },
      { number: 'ref', title: 'References', level: 1, blocks: [{ text: '[1] A. Author. 2019.', page: pageCount, kind: 'text' }] },
    ],
    { pageCount, parsers: ['pdfjs'] },
  );

const allBlocks = (parsed: ParsedArticle) => parsed.sections.flatMap((section) => section.blocks);

describe(mergeTables.name, () => {
  let replay: UnstructuredReplay;
  let dibTables: ParsedTable[];
  /** What PDF.js makes of the table on that page: its cells, one per line (the real text layer). */
  let flattenedRows: string[];

  beforeAll(async () => {
    replay = await startUnstructuredReplay();
    dibTables = tablesFromElements(await new UnstructuredClient({ baseUrl: replay.url }).partition(DIB));
    const lines = (await corpusPageTexts(DIB_NAME))[0].split('\n');
    flattenedRows = lines.slice(lines.indexOf('Polarization'), lines.indexOf('0.0919') + 1);
  });

  afterAll(async () => {
    await replay.close();
  });

  it("adds the replayed table to the embedded parser's article as a Markdown table block on its page", async () => {
    const skeleton = await parsedCorpusPdf(DIB_NAME);
    const { article: merged, warnings } = mergeTables(skeleton, dibTables);
    const tables = allBlocks(merged).filter((block) => block.kind === 'table');
    expect(tables).toHaveLength(1);
    expect(tables[0].page).toBe(1);
    expect(tables[0].text).toMatch(/^Table 1 Potentiodynamic polarization data .*\n\n\| Inhibitor concentration \(g\) \| be \(V\/dec\) \|/);
    expect(tables[0].text.split('\n').filter((line) => line.startsWith('|'))).toHaveLength(8);
    // The embedded parser's own table block (the page's front matter no longer swallows it) is the one replaced.
    expect(allBlocks(skeleton).filter((block) => block.kind === 'table')).toHaveLength(1);
    expect(allBlocks(merged).filter((block) => block.kind !== 'table')).toEqual(
      allBlocks(skeleton).filter((block) => block.kind !== 'table'),
    );
    expect(warnings).toEqual([]);
  });

  it('does not modify the article it is given', async () => {
    const skeleton = await parsedCorpusPdf(DIB_NAME);
    const before = JSON.parse(JSON.stringify(skeleton)) as ParsedArticle;
    mergeTables(skeleton, dibTables);
    expect(skeleton).toEqual(before);
  });

  it("replaces the skeleton's table block on the same page and keeps its box", () => {
    const box = { page: 1, x: 40, y: 200, w: 360, h: 80 };
    const prose: ParsedBlock = {
      text: 'The plot of inhibitor concentration over degree of surface coverage gives a straight line.',
      page: 1,
      kind: 'text',
    };
    const skeleton = article([prose, { text: `Table 1 ${flattenedRows.join(' ')}`, page: 1, kind: 'table', box }]);
    const merged = allBlocks(mergeTables(skeleton, dibTables).article);
    expect(merged[0]).toEqual(prose);
    expect(merged[1]).toEqual({ text: `${dibTables[0].caption}\n\n${dibTables[0].markdown}`, page: 1, kind: 'table', box });
    expect(merged).toHaveLength(3);
  });

  it('replaces the flattened table text PDF.js produced, absorbing the rest of its rows, and keeps the prose', () => {
    const caption: ParsedBlock = { text: 'Table 1 Potentiodynamic polarization data for stainless steel.', page: 1, kind: 'text' };
    const prose: ParsedBlock = {
      text: 'The plot of inhibitor concentration over degree of surface coverage versus inhibitor concentration gives a straight line.',
      page: 1,
      kind: 'text',
    };
    const head: ParsedBlock = { text: flattenedRows.slice(0, 22).join(' '), page: 1, kind: 'text' };
    const rest: ParsedBlock = { text: flattenedRows.slice(22).join(' '), page: 1, kind: 'text' };
    const merged = allBlocks(mergeTables(article([caption, head, rest, prose]), dibTables).article);
    expect(merged.map((block) => block.kind)).toEqual(['text', 'table', 'text', 'text']);
    expect(merged[0]).toEqual(caption);
    expect(merged[1].text).toContain('| --- |');
    expect(merged[2]).toEqual(prose);
  });

  it('never replaces a paragraph that merely discusses the table', () => {
    const prose: ParsedBlock = {
      text: 'Polarization resistance rises with inhibitor concentration while the corrosion rate (mm/year) falls, see Table 1 for Ecorr and icorr.',
      page: 1,
      kind: 'text',
    };
    const merged = allBlocks(mergeTables(article([prose]), dibTables).article);
    expect(merged[0]).toEqual(prose);
    expect(merged[1].kind).toBe('table');
  });

  it('inserts a table with no counterpart after the caption block that names it', () => {
    const blocks: ParsedBlock[] = [
      { text: 'Layouts are detected by models.', page: 5, kind: 'text' },
      { text: 'Table 2: All operations supported by the layout elements.', page: 5, kind: 'figure_caption' },
      { text: 'Coordinates are the cornerstones.', page: 5, kind: 'text' },
    ];
    const table: ParsedTable = { page: 5, markdown: '| a |\n| --- |\n| 1 |', caption: 'Table 2: All operations', text: 'a 1' };
    const merged = allBlocks(mergeTables(article(blocks, 8), [table]).article);
    expect(merged.map((block) => block.kind)).toEqual(['text', 'figure_caption', 'table', 'text', 'text']);
  });

  it('places a table from a page without text after the last earlier page, never in the references, with a warning', () => {
    const table: ParsedTable = { page: 9, markdown: '| a |\n| --- |\n| 1 |', text: 'a 1' };
    const { article: merged, warnings } = mergeTables(article([{ text: 'Intro.', page: 1, kind: 'text' }], 3), [table]);
    expect(merged.sections[0].blocks.map((block) => block.kind)).toEqual(['text', 'table']);
    expect(merged.sections[1].blocks).toHaveLength(1);
    expect(warnings).toEqual(['unstructured: the table on page 9 is on page 9, where the article has no text; placed by reading order']);
  });

  it('warns instead of merging when the article has no body section', () => {
    const skeleton = article([]);
    skeleton.sections = skeleton.sections.slice(1);
    const { article: merged, warnings } = mergeTables(skeleton, dibTables);
    expect(allBlocks(merged)).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^unstructured: "Table 1 Potentiodynamic polarization dat" not merged: the article has no body section to hold it$/,
    );
  });
});
