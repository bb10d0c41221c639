/**
 * Unstructured's `text_as_html` → a rectangular grid → a Markdown table. The HTML is machine-written but
 * not guaranteed well-formed (OCR text with stray `<`, unclosed cells), so a small tolerant tokenizer is
 * used rather than an XML parser.
 */

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

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g;
/** Guards against absurd spans in OCR'd HTML blowing up the grid. */
const MAX_SPAN = 50;

export function parseHtmlTable(html: string): TableGrid {
  const rows = tokenizeRows(html);
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

function tokenizeRows(html: string): RawRow[] {
  const rows: RawRow[] = [];
  let inHead = false;
  let row: RawRow | null = null;
  let cell: RawCell | null = null;
  let last = 0;
  const closeCell = () => {
    if (cell && row) row.cells.push({ ...cell, text: collapse(decodeEntities(cell.text)) });
    cell = null;
  };
  const closeRow = () => {
    closeCell();
    if (row && row.cells.length > 0) rows.push(row);
    row = null;
  };
  for (const match of html.matchAll(TAG)) {
    if (cell) (cell as RawCell).text += html.slice(last, match.index);
    last = match.index + match[0].length;
    const closing = match[1] === '/';
    const tag = match[2].toLowerCase();
    if (tag === 'thead') {
      closeRow();
      inHead = !closing;
    } else if (tag === 'tbody' || tag === 'tfoot' || tag === 'table') {
      closeRow();
      inHead = false;
    } else if (tag === 'tr') {
      closeRow();
      if (!closing) row = { cells: [], inHead };
    } else if (tag === 'td' || tag === 'th') {
      closeCell();
      if (closing) continue;
      if (!row) row = { cells: [], inHead };
      cell = { text: '', colspan: spanOf(match[3], 'colspan'), rowspan: spanOf(match[3], 'rowspan'), header: tag === 'th' };
    } else if (tag === 'br' || tag === 'p' || tag === 'div') {
      if (cell) (cell as RawCell).text += ' ';
    }
  }
  if (cell) (cell as RawCell).text += html.slice(last);
  closeRow();
  return rows;
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

function spanOf(attributes: string, name: string): number {
  const match = new RegExp(`${name}\\s*=\\s*["']?(\\d+)`, 'i').exec(attributes);
  const value = match ? Number(match[1]) : 1;
  return Math.min(Math.max(value, 1), MAX_SPAN);
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** `|` would end the cell in Markdown. */
function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
