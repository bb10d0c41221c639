import { withPdfDocument } from '@lectern/parsing';

/** What made a PDF, from its Info dictionary (empty strings where a key is missing). */
export interface PdfProducer {
  producer: string;
  creator: string;
}

/**
 * TeX engines and drivers as they name themselves in /Producer or /Creator (pdfTeX, XeTeX, LuaTeX, dvipdfm(x),
 * dvips, "LaTeX with hyperref", DBLaTeX, ConTeXt, a "TeX output" stamp). Ghostscript alone says nothing: it also
 * distils groff's or Word's PostScript, so only its creator decides.
 */
const TEX = /pdf-?e?tex|xetex|luatex|dvipdfm|dvips|\blatex|\btex\b|context|miktex/i;

export const isTexMade = ({ producer, creator }: PdfProducer) => TEX.test(producer) || TEX.test(creator);

export function readPdfProducer(data: Uint8Array): Promise<PdfProducer> {
  return withPdfDocument(data, async (doc) => {
    // The parser's pdf.js typing leaves the Info dictionary out: the parser never reads it (nothing may leak into a score).
    const { info } = await (doc as unknown as { getMetadata(): Promise<{ info: Record<string, unknown> }> }).getMetadata();
    const text = (key: string) => (typeof info[key] === 'string' ? (info[key] as string).trim() : '');
    return { producer: text('Producer'), creator: text('Creator') };
  });
}
