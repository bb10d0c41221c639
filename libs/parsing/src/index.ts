export * from './article';
export * from './errors';
export type { DocumentParser, PageListener, PageStep, ParseOptions } from './document-parser';
export { assertPdfBytes } from './pdf-sniff';
export { DEFAULT_PARSE_LIMITS, type ParseLimits } from './parse-limits';
export { PdfjsParser } from './pdfjs/pdfjs.parser';
export { readTeiOutline, type TeiOutline } from './tei/tei-outline.reader';
export { loadPdfjs } from './pdfjs/pdfjs.loader';
export { readPdfDocument, readPdfOutline, textOnlyDocumentOptions, withPdfDocument } from './pdfjs/pdf-document.reader';
export { MONOSPACE_FONT } from './pdfjs/body-style';
export { CJK_APPENDIX_NAMES, CJK_ORDINAL_UNITS, KOREAN_ORDINAL_UNITS } from './pdfjs/cjk-section-names';
export type { PageText, TextLine } from './pdfjs/layout.types';
export type { PdfBookmark } from './pdfjs/pdf-bookmarks.reader';
export { ParserUnavailableError, ParserOutputError } from './service-errors';
export { buildArticle, type ServiceOutputs } from './article.builder';
export { UnstructuredClient, type UnstructuredClientOptions } from './unstructured/unstructured.client';
export type {
  UnstructuredElement,
  UnstructuredMetadata,
  UnstructuredCoordinates,
  UnstructuredPartitioner,
} from './unstructured/unstructured.types';
export { tablesFromElements, type ParsedTable } from './unstructured/tables';
export { NougatClient, type NougatClientOptions, type NougatPredictOptions, type NougatPredictor } from './nougat/nougat.client';
export { equationsFromMmd, locateEquationPages, type ParsedEquation, type EquationsFromMmdOptions } from './nougat/equations';
export { mergeTables } from './merge/tables.merge';
export { mergeEquations } from './merge/equations.merge';
export { GrobidClient, type GrobidClientOptions } from './grobid/grobid.client';
export { parseTei } from './tei/tei.parser';
export { assignPages } from './tei/page-assigner';
export { readPageTexts } from './pdfjs/page-texts';
export { collectHeadingTraining, headingProbability, treeValue, type HeadingTrainingRow } from './pdfjs/heading-scorer';
export type { HeadingTree, HeadingTreeEnsemble } from './pdfjs/heading-model';
export { HEADING_FEATURES } from './pdfjs/heading-features';
export { DEFAULT_OCR_SETTINGS, type OcrMode, type OcrSettings } from './ocr/ocr.settings';
export { OcrFailedError, OcrLanguageMissingError } from './ocr/ocr.errors';
export { languageDataFile } from './ocr/ocr-languages';
export type { OcrEngine, OcrLine, OcrWord } from './ocr/ocr-engine';
export { TesseractEngine } from './ocr/tesseract.engine';
export { PageRenderer, type RenderedPage } from './ocr/page-renderer';
export { OCR_DPI } from './ocr/page-ocr';
export { triagePageText, textStatistics, type PageTriage } from './ocr/page-triage';
export { readOcrPageTexts } from './ocr/ocr-page-texts';
