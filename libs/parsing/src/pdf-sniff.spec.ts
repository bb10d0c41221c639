import { CorruptPdfError, UnsupportedFileError } from './errors';
import { assertPdfBytes } from './pdf-sniff';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe(assertPdfBytes.name, () => {
  it('rejects an empty file as unsupported', () => {
    expect(() => assertPdfBytes(new Uint8Array())).toThrow(new UnsupportedFileError('the file is empty'));
  });

  it('names what a non-PDF looks like, judged by content rather than extension', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(() => assertPdfBytes(png)).toThrow(/not a PDF: the content looks like a PNG image/);
    expect(() => assertPdfBytes(bytes('just some notes\n'))).toThrow(/not a PDF: the content looks like plain text/);
    expect(() => assertPdfBytes(bytes('just some notes\n'))).toThrow(UnsupportedFileError);
  });

  it('accepts a %PDF- header preceded by junk within the first KiB', () => {
    expect(() => assertPdfBytes(bytes(`${' '.repeat(500)}%PDF-1.7\n…\n%%EOF\n`))).not.toThrow();
  });

  it('refuses a header that only appears after the first KiB', () => {
    expect(() => assertPdfBytes(bytes(`${'x'.repeat(1100)}%PDF-1.7\n%%EOF`))).toThrow(UnsupportedFileError);
  });

  it('reports a file without a final %%EOF as truncated', () => {
    const error = (() => {
      try {
        assertPdfBytes(bytes(`%PDF-1.7\n1 0 obj\n<< >>\nendobj\n${'y'.repeat(3000)}`));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CorruptPdfError);
    expect((error as Error).message).toMatch(/the PDF is truncated/);
  });

  it('tolerates trailing bytes after %%EOF', () => {
    expect(() => assertPdfBytes(bytes(`%PDF-1.4\n%%EOF\n${'\0'.repeat(600)}`))).not.toThrow();
  });
});
