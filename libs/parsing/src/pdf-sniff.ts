import { CorruptPdfError, UnsupportedFileError } from './errors';

const HEADER_WINDOW = 1024;
/** Writers may append a little whitespace or junk after the last `%%EOF`; 2 KiB is generous. */
const TRAILER_WINDOW = 2048;

/** Checks by content, not by file name, that the bytes look like a complete PDF. */
export function assertPdfBytes(data: Uint8Array): void {
  if (data.length === 0) throw new UnsupportedFileError('the file is empty');
  if (indexOfAscii(data, '%PDF-', 0, Math.min(data.length, HEADER_WINDOW)) < 0) {
    throw new UnsupportedFileError(`not a PDF: ${describeContent(data)}`);
  }
  if (indexOfAscii(data, '%%EOF', Math.max(0, data.length - TRAILER_WINDOW), data.length) < 0) {
    throw new CorruptPdfError('the PDF is truncated (no %%EOF marker at the end); upload the complete file');
  }
}

function indexOfAscii(data: Uint8Array, needle: string, from: number, to: number): number {
  const first = needle.charCodeAt(0);
  outer: for (let i = from; i <= to - needle.length; i++) {
    if (data[i] !== first) continue;
    for (let j = 1; j < needle.length; j++) if (data[i + j] !== needle.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

const SIGNATURES: [string, number[]][] = [
  ['a PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['a JPEG image', [0xff, 0xd8, 0xff]],
  ['a GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['a ZIP archive (DOCX, EPUB, …)', [0x50, 0x4b, 0x03, 0x04]],
  ['a PostScript file', [0x25, 0x21, 0x50, 0x53]],
];

/** A short human description of what the file seems to be instead, for the error message. */
function describeContent(data: Uint8Array): string {
  for (const [label, magic] of SIGNATURES) {
    if (magic.every((byte, i) => data[i] === byte)) return `the content looks like ${label}`;
  }
  const head = data.subarray(0, Math.min(data.length, 512));
  const printable = head.filter((b) => b === 9 || b === 10 || b === 13 || (b >= 32 && b < 127)).length;
  if (printable / head.length > 0.9) return 'the content looks like plain text';
  return 'no %PDF- header in the first 1024 bytes';
}
