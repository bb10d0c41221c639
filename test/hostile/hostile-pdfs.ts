import { deflateSync } from 'node:zlib';

/**
 * PDFs built to hurt a parser (issue 20): small files whose content streams inflate to many megabytes of text
 * operators. Every byte and xref offset is written here; no PDF library.
 */

/** One page's content: `items` text operators (each a separate text item for pdf.js), Flate-compressed. */
function bombContent(items: number): Buffer {
  const line = '(bomb bomb bomb) Tj 0 -0.01 Td\n';
  return Buffer.from(`BT /F1 10 Tf 72 700 Td\n${line.repeat(items)}ET`, 'latin1');
}

/** A PDF of `pages` pages, each with `itemsPerPage` text items; ~30 bytes of content per item before compression. */
export function buildBombPdf(options: { pages?: number; itemsPerPage: number }): Buffer {
  const pages = options.pages ?? 1;
  const content = deflateSync(bombContent(options.itemsPerPage), { level: 9 });
  return writePdf(Array.from({ length: pages }, () => ({ data: content, filter: '/Filter /FlateDecode ' })));
}

/** Bytes the bomb's page content inflates to, for the bench's table. */
export const bombInflatedBytes = (itemsPerPage: number, pages = 1) => bombContent(itemsPerPage).length * pages;

/** A one-page PDF whose text is exactly `lines` (Helvetica 11 pt), uncompressed. */
export function buildShortPdf(lines: string[]): Buffer {
  const ops = lines.map((text, i) => `/F1 11 Tf 1 0 0 1 72 ${720 - i * 16} Tm (${text.replace(/[()\\]/g, '\\$&')}) Tj`);
  return writePdf([{ data: Buffer.from(`BT\n${ops.join('\n')}\nET`, 'latin1'), filter: '' }]);
}

function writePdf(pages: Array<{ data: Buffer; filter: string }>): Buffer {
  const objects: Buffer[] = [];
  const add = (body: string | Buffer) => objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
  const kids = pages.map((_, i) => `${4 + 2 * i} 0 R`).join(' ');
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  pages.forEach((page, i) => {
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`);
    add(
      Buffer.concat([
        Buffer.from(`<< ${page.filter}/Length ${page.data.length} >>\nstream\n`, 'latin1'),
        page.data,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  });
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f\r',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n\r`),
  ];
  const trailer = `\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
  chunks.push(Buffer.from(xref.join('\n') + trailer, 'latin1'));
  return Buffer.concat(chunks);
}
