export * from './article';
export * from './errors';
export type { DocumentParser } from './document-parser';
export { assertPdfBytes } from './pdf-sniff';
export { PdfjsParser } from './pdfjs/pdfjs.parser';
export { readTeiOutline, type TeiOutline } from './tei/tei-outline.reader';
export { loadPdfjs, pdfjsAssetDirs } from './pdfjs/pdfjs.loader';
export { ParserUnavailableError, ParserOutputError } from './service-errors';
