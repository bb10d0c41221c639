import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CORPUS_DIR } from '../../../../test/support/paths';
import { gridToMarkdown, parseHtmlTable, titleRows } from './html-table';
import { parseElements } from './unstructured.client';

/** The real `text_as_html` of every Table element in a recorded Unstructured output. */
const recordedHtml = (file: string): string[] =>
  parseElements(readFileSync(path.join(CORPUS_DIR, 'unstructured', file), 'utf8'))
    .map((element) => element.metadata.text_as_html)
    .filter((html): html is string => html !== undefined);

const markdownOf = (html: string) => gridToMarkdown(parseHtmlTable(html));
const rowsOf = (markdown: string) => markdown.split('\n').map((line) => line.slice(2, -2).split(/ (?<!\\)\| /));

describe(parseHtmlTable.name, () => {
  it('turns the recorded corrosion table into a 7-column Markdown table with its header and 6 data rows', () => {
    const [html] = recordedHtml('dib-2019-sanni-p454.json');
    const rows = rowsOf(markdownOf(html));
    expect(rows).toHaveLength(8);
    expect(rows.every((row) => row.length === 7)).toBe(true);
    expect(rows[0][0]).toBe('Inhibitor concentration (g)');
    expect(rows[0][6]).toBe('Corrosion rate (mmj/year)');
    expect(rows[1]).toEqual(['---', '---', '---', '---', '---', '---', '---']);
    expect(rows[7]).toEqual(['= 5', '0.0382', '0.0086', '—0.5356', '1.24E-05', '246.080', '0.0919']);
  });

  it('keeps empty cells as empty columns instead of shifting the row left', () => {
    const [html] = recordedHtml('dib-2019-sanni-p454.json');
    expect(rowsOf(markdownOf(html))[2]).toEqual(['', '0.0335', '0.0409', '—0.9393', '0.0003', '24.0910', '2.8163']);
  });

  it('converts both layout-parser tables with one row per dataset and per operation', () => {
    const [models, operations] = recordedHtml('layout-parser-paper.json');
    const modelRows = rowsOf(markdownOf(models));
    expect(modelRows[0]).toEqual(['Dataset', 'Base Model’', 'Large Model', 'Notes']);
    expect(modelRows.slice(2).map((row) => row[0])).toEqual([
      'PubLayNet [38]',
      'PRImA [3]',
      'Newspaper [17]',
      'TableBank [18]',
      'HJDataset [31]',
    ]);
    // 8 body rows in the HTML, one of them all empty (an OCR artefact): it carries nothing and is left out.
    const operationRows = rowsOf(markdownOf(operations));
    expect(operationRows).toHaveLength(2 + 7);
    expect(operationRows.every((row) => row.length === 4)).toBe(true);
  });

  it('repeats a full-width colspan title row per column only as a title, not as a merged header', () => {
    const [html] = recordedHtml('alt/layout-parser-paper.unstructured-ingest-assets.json');
    const grid = parseHtmlTable(html);
    expect(grid.width).toBe(3);
    expect(titleRows(grid)).toEqual(['able 1. LUllclll 1ayoul actCCLloll 1110AdCs 111 L1C LayoOulralsel 1110U4cl 200']);
    expect(rowsOf(gridToMarkdown(grid))[0]).toEqual(['Dataset', "\\| Base Model'\\|", 'Notes']);
  });

  it('escapes pipes inside cells so the column count survives', () => {
    const [html] = recordedHtml('alt/layout-parser-paper.unstructured-ingest-assets.json');
    const header = gridToMarkdown(parseHtmlTable(html)).split('\n')[0];
    expect(header).toBe("| Dataset | \\| Base Model'\\| | Notes |");
  });

  it('repeats colspan text and carries rowspan text down into the rows below', () => {
    const html =
      '<table><thead><tr><th rowspan="2">Model</th><th colspan="2">F1</th></tr><tr><th>dev</th><th>test</th></tr></thead>' +
      '<tbody><tr><td rowspan="2">BERT</td><td>81.2</td><td>80.9</td></tr><tr><td>82.0</td><td>81.5</td></tr></tbody></table>';
    expect(markdownOf(html)).toBe(
      ['| Model | F1 dev | F1 test |', '| --- | --- | --- |', '| BERT | 81.2 | 80.9 |', '| BERT | 82.0 | 81.5 |'].join('\n'),
    );
  });

  it('collapses whitespace and line breaks and decodes entities', () => {
    const html =
      '<table><tr><td>a &amp; b<br/>c</td><td>x&nbsp;&lt;&nbsp;y\n  z</td><td>&#956;m &#x3b1;</td></tr><tr><td>1</td><td>2</td><td>3</td></tr></table>';
    expect(markdownOf(html)).toBe(['| a & b c | x < y z | μm α |', '| --- | --- | --- |', '| 1 | 2 | 3 |'].join('\n'));
  });

  it('decodes named, decimal and hex entities, including ones past the basic five', () => {
    const html = '<table><tr><th>a&amp;b</th><th>&#x3B1;&#x3b2; &#956;</th><th>x&nbsp;y</th><th>&alpha;&le;&beta;</th></tr></table>';
    expect(markdownOf(html)).toBe(['| a&b | αβ μ | x y | α≤β |', '| --- | --- | --- | --- |'].join('\n'));
  });

  it('reads colspan and rowspan written unquoted or with spaces, and caps absurd ones', () => {
    const html = '<table><tr><th colspan=2>wide</th><th rowspan=" 2">tall</th></tr><tr><td>1</td><td>2</td></tr></table>';
    expect(parseHtmlTable(html)).toEqual({ head: [['wide', 'wide', 'tall']], body: [['1', '2', 'tall']], width: 3 });
    const absurd = parseHtmlTable('<table><tr><td colspan="9999">x</td></tr></table>');
    expect(absurd.width).toBe(50);
    expect(absurd.body).toEqual([Array(50).fill('x')]);
  });

  it('recovers rows and cells from malformed HTML: unclosed tags, no table tag, stray angle brackets, comments', () => {
    expect(markdownOf('<table><tr><th>k<th>v<tr><td>1<td>2')).toBe('| k | v |\n| --- | --- |\n| 1 | 2 |');
    expect(markdownOf('<tr><td>k</td><td>v</td></tr><tr><td>1</td><td>2</td></tr>')).toBe('| k | v |\n| --- | --- |\n| 1 | 2 |');
    expect(markdownOf('<table><tr><td>a < b</td><td>p <0.05</td></tr><tr><td><!-- OCR -->1</td><td>2</td></tr></table>')).toBe(
      '| a < b | p <0.05 |\n| --- | --- |\n| 1 | 2 |',
    );
  });

  it('keeps a table nested in a cell as rows of their own, after the row holding it', () => {
    const html = '<table><tr><th>outer<table><tr><td>inner</td></tr></table>text</th><th>z</th></tr></table>';
    expect(parseHtmlTable(html)).toEqual({ head: [['outer text', 'z']], body: [['inner', '']], width: 2 });
  });

  it('promotes the first row to the header when the table has no th or thead', () => {
    const html = '<table><tr><td>k</td><td>v</td></tr><tr><td>1</td><td>2</td></tr></table>';
    expect(markdownOf(html)).toBe('| k | v |\n| --- | --- |\n| 1 | 2 |');
  });

  it('returns an empty grid for HTML without cells', () => {
    expect(parseHtmlTable('<table></table>').width).toBe(0);
    expect(markdownOf('no table here')).toBe('');
  });
});
