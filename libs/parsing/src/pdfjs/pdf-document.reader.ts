import { DomainError } from '@lectern/common';
import { CorruptPdfError, EncryptedPdfError } from '../errors';
import type { PageListener } from '../document-parser';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from '../parse-limits';
import type { PageOcr } from '../ocr/page-ocr';
import type { FontInfo } from './font-names';
import type { PageText } from './layout.types';
import { readPdfBookmarks, type PdfBookmark } from './pdf-bookmarks.reader';
import { readPageRuns } from './page-text.reader';
import { mayHoldTable, readPageRules } from './page-rules.reader';
import { isLandscape, readPageLinks } from './slide-links.reader';
import { loadPdfjs, pdfjsAssetDirs } from './pdfjs.loader';
import type { PdfjsDocument } from './pdfjs.types';
import { assembleLines } from './text-lines';
import { splitCommentColumn } from './comment-column';

/**
 * How Lectern opens a PDF with pdf.js: text only — no eval, no font faces, images capped at one pixel so building
 * the operator list (needed for font names) skips decoding them. pdf.js transfers (detaches) the buffer it is
 * given, so it gets a copy and the caller's bytes stay usable.
 */
export function textOnlyDocumentOptions(data: Uint8Array) {
  return {
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    // Glyph names, ToUnicode and widths of each font: ligatures pdf.js cannot map are read from them (`glyphRepairs`).
    fontExtraProperties: true,
    verbosity: 0,
    maxImageSize: 1,
    cMapPacked: true,
    useSystemFonts: false,
    ...pdfjsAssetDirs(),
  };
}

/**
 * Opens the PDF with pdf.js and returns every page's text lines. Never renders: images are capped at
 * one pixel so building the operator list (needed for font names) skips decoding them.
 */
export async function readPdfText(
  data: Uint8Array,
  onPage?: PageListener,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
  ocr?: PageOcr,
): Promise<PageText[]> {
  return (await readPdfDocument(data, { onPage, bookmarks: false, limits, ocr })).pages;
}

/** The pages' text lines and, when asked for, the document's outline (bookmarks) resolved to pages. */
export async function readPdfDocument(
  data: Uint8Array,
  {
    onPage,
    bookmarks,
    limits = DEFAULT_PARSE_LIMITS,
    ocr,
  }: { onPage?: PageListener; bookmarks: boolean; limits?: ParseLimits; ocr?: PageOcr },
): Promise<{ pages: PageText[]; bookmarks: PdfBookmark[] }> {
  const pdfjs = loadPdfjs();
  return withPdfDocument(data, async (doc) => {
    const fonts = new Map<string, FontInfo>();
    const pages: PageText[] = [];
    const bottoms: number[] = [];
    const lefts: number[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number);
      const raw = await readPageRuns(page, fonts, pdfjs.AnnotationMode.DISABLE, limits, number);
      bottoms[number] = page.view[1] ?? 0;
      lefts[number] = page.view[0] ?? 0;
      const recorded = ocr?.records.length ?? 0;
      const { runs, comments } = splitCommentColumn(ocr ? await ocr.read(number, raw) : raw.runs, raw.width);
      const lines = assembleLines(runs, number);
      const rules = mayHoldTable(lines) ? await readPageRules(page, pdfjs.OPS, pdfjs.AnnotationMode.DISABLE) : undefined;
      const links = isLandscape(page.view) ? await readPageLinks(doc, page) : [];
      page.cleanup();
      pages.push({
        number,
        width: raw.width,
        height: raw.height,
        lines,
        sideText: raw.sideText,
        ...(comments.length ? { comments } : {}),
        ...(rules ? { rules } : {}),
        ...(links.length ? { links } : {}),
      });
      // `PageOcr` records every page it rendered for OCR (a blank scan too): one more record, this page was OCR'd.
      onPage?.(number, doc.numPages, (ocr?.records.length ?? 0) > recorded ? 'ocr' : 'text');
    }
    return {
      pages,
      bookmarks: bookmarks
        ? await readPdfBookmarks(
            doc,
            (page) => bottoms[page] ?? 0,
            (page) => lefts[page] ?? 0,
          )
        : [],
    };
  });
}

/** Opens the PDF, gives it to `use` and destroys it whatever happens; pdf.js's failures become domain errors. */
export async function withPdfDocument<T>(data: Uint8Array, use: (doc: PdfjsDocument) => Promise<T>): Promise<T> {
  const task = loadPdfjs().getDocument(textOnlyDocumentOptions(data));
  let doc: PdfjsDocument;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw toDomainError(error);
  }
  try {
    return await use(doc);
  } catch (error) {
    throw toDomainError(error);
  } finally {
    await doc.destroy();
  }
}

function toDomainError(error: unknown): Error {
  const name = (error as { name?: unknown } | null)?.name;
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') return new EncryptedPdfError();
  if (name === 'InvalidPDFException') return new CorruptPdfError(`the PDF structure is invalid: ${message}`);
  // Ours already (and OCR's: a missing language, an engine failure) keep their own classification.
  if (error instanceof DomainError) return error;
  return new CorruptPdfError(`pdf.js could not read the PDF: ${message}`);
}

/** Only the outline (bookmarks) and the page count, without reading any text: the structure eval's gold. */
export async function readPdfOutline(data: Uint8Array): Promise<{ pageCount: number; bookmarks: PdfBookmark[] }> {
  return withPdfDocument(data, async (doc) => {
    const bottoms = new Map<number, number>();
    const bottom = async (page: number) => {
      if (!bottoms.has(page)) bottoms.set(page, (await doc.getPage(page)).view[1] ?? 0);
      return bottoms.get(page) ?? 0;
    };
    const raw = await readPdfBookmarks(doc, () => 0);
    const bookmarks = await Promise.all(
      raw.map(async (b) => (b.page === null || b.top === null ? b : { ...b, top: b.top - (await bottom(b.page)) })),
    );
    return { pageCount: doc.numPages, bookmarks };
  });
}
