/**
 * Unstructured's `text_as_html` → a rectangular grid → a Markdown table. The HTML is machine-written but
 * not guaranteed well-formed (OCR text with stray `<`, unclosed cells), so it is read by parse5, which
 * recovers from such markup as a browser does and decodes every HTML entity.
 */
import { defaultTreeAdapter, html as htmlSpec, parseFragment, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export interface TableGrid {
  /** Header rows (from `<thead>` or rows made only of `<th>`), already spread to the full width. */
  head: string[][];
  body: string[][];
  width: number;
}

interface RawCell {
  text: string;
  colspan: number;
  rowspan: number;
  header: boolean;
}

interface RawRow {
  cells: RawCell[];
  inHead: boolean;
}

/** Parsed as the content of a `<table>`, so rows and cells without their enclosing tags still count. */
const TABLE_CONTEXT = defaultTreeAdapter.createElement('table', htmlSpec.NS.HTML, []);
/** Elements that break a line inside a cell: their text is kept apart from the text around them. */
const BREAKS = new Set(['br', 'p', 'div']);
/** A `<thead>` ends where one of these starts (a table nested in a header cell has its own). */
const ROW_GROUPS = new Set(['tbody', 'tfoot', 'table']);
/** Guards against absurd spans in OCR'd HTML blowing up the grid. */
const MAX_SPAN = 50;

export function parseHtmlTable(html: string): TableGrid {
  const rows = readRows(html);
  const grid = spreadSpans(rows.map((row) => row.cells));
  const width = grid.reduce((max, row) => Math.max(max, row.length), 0);
  for (const row of grid) while (row.length < width) row.push('');
  let headCount = 0;
  while (headCount < rows.length && (rows[headCount].inHead || rows[headCount].cells.every((cell) => cell.header))) headCount++;
  return { head: grid.slice(0, headCount), body: grid.slice(headCount), width };
}

/** Markdown has exactly one header row: several are merged per column; none → the first row is promoted. */
export function gridToMarkdown(grid: TableGrid): string {
  if (grid.width === 0) return '';
  let head = grid.head;
  let body = grid.body;
  if (head.length === 0) [head, body] = [body.slice(0, 1), body.slice(1)];
  const header = mergeHeaderRows(head, grid.width);
  const lines = [header, header.map(() => '---'), ...body.filter((row) => row.some((cell) => cell !== ''))];
  return lines.map((cells) => `| ${cells.map(escapeCell).join(' | ')} |`).join('\n');
}

/** A header row spanning the whole width above other header rows is a title (often a mis-read caption). */
export function titleRows(grid: TableGrid): string[] {
  if (grid.head.length < 2 || grid.width < 2) return [];
  return grid.head.filter((row) => row.every((cell) => cell === row[0]) && row[0] !== '').map((row) => row[0]);
}

function mergeHeaderRows(head: string[][], width: number): string[] {
  const titles = new Set(titleRows({ head, body: [], width }));
  const rows = head.filter((row) => !(titles.has(row[0]) && row.every((cell) => cell === row[0])));
  const merged: string[] = [];
  for (let col = 0; col < width; col++) {
    const parts: string[] = [];
    for (const row of rows) if (row[col] && parts[parts.length - 1] !== row[col]) parts.push(row[col]);
    merged.push(parts.join(' '));
  }
  return merged;
}

/** Every row of the table in document order (rows of a table nested in a cell too), with its td/th cells. */
function readRows(html: string): RawRow[] {
  const rows: RawRow[] = [];
  const visit = (node: Node, inHead: boolean) => {
    if (!defaultTreeAdapter.isElementNode(node)) return;
    if (node.tagName === 'tr') {
      const cells = node.childNodes.filter(isCell).map(toCell);
      if (cells.length > 0) rows.push({ cells, inHead });
    }
    const childrenInHead = node.tagName === 'thead' || (inHead && !ROW_GROUPS.has(node.tagName));
    for (const child of node.childNodes) visit(child, childrenInHead);
  };
  for (const node of parseFragment(TABLE_CONTEXT, html, {}).childNodes) visit(node, false);
  return rows;
}

function isCell(node: Node): node is Element {
  return defaultTreeAdapter.isElementNode(node) && (node.tagName === 'td' || node.tagName === 'th');
}

function toCell(cell: Element): RawCell {
  return {
    text: collapse(cellText(cell)),
    colspan: spanOf(cell, 'colspan'),
    rowspan: spanOf(cell, 'rowspan'),
    header: cell.tagName === 'th',
  };
}

/** The cell's text without that of a table nested in it (whose rows are rows of their own). */
function cellText(node: Node): string {
  if (defaultTreeAdapter.isTextNode(node)) return node.value;
  if (!defaultTreeAdapter.isElementNode(node)) return '';
  if (node.tagName === 'table') return ' ';
  const text = node.childNodes.map(cellText).join('');
  return BREAKS.has(node.tagName) ? ` ${text} ` : text;
}

/** colspan repeats the text into every spanned column; rowspan carries it down into the rows below. */
function spreadSpans(rows: RawCell[][]): string[][] {
  const grid: string[][] = [];
  const carried: Array<{ text: string; rowsLeft: number } | undefined> = [];
  for (const cells of rows) {
    const out: string[] = [];
    const takeCarried = () => {
      let pending = carried[out.length];
      while (pending && pending.rowsLeft > 0) {
        out.push(pending.text);
        pending.rowsLeft--;
        pending = carried[out.length];
      }
    };
    for (const cell of cells) {
      takeCarried();
      for (let i = 0; i < cell.colspan; i++) {
        if (cell.rowspan > 1) carried[out.length] = { text: cell.text, rowsLeft: cell.rowspan - 1 };
        out.push(cell.text);
      }
    }
    takeCarried();
    grid.push(out);
  }
  return grid;
}

function spanOf(cell: Element, name: string): number {
  const value = Number.parseInt(cell.attrs.find((attribute) => attribute.name === name)?.value ?? '', 10);
  return Number.isNaN(value) ? 1 : Math.min(Math.max(value, 1), MAX_SPAN);
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** `|` would end the cell in Markdown. */
function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
