/** The shapes the retrieval evaluation passes between loading, ingesting, searching and scoring. */

export type DatasetName = 'qasper' | 'covid-qa';

/** What makes a retrieved context evidence for one question (see gold-matcher.ts). */
export interface GoldSpec {
  /** Answer strings that count when a context contains them verbatim (after normalisation). */
  answers: string[];
  /** Evidence paragraphs that count when a context holds most of their words. */
  evidenceParagraphs: string[];
}

export interface EvalQuestion {
  id: string;
  dataset: DatasetName;
  /** The document (EvalDocument.key) the question was asked about: evidence elsewhere does not count. */
  documentKey: string;
  question: string;
  gold: GoldSpec;
}

export interface EvalDocument {
  dataset: DatasetName;
  /** Stable id within the dataset (paper id, COVID-QA document_id). */
  key: string;
  /** The file name the PDF is submitted under. */
  filename: string;
  pdf: Buffer;
}

export interface EvalDataset {
  name: DatasetName;
  documents: EvalDocument[];
  questions: EvalQuestion[];
  /** Questions left out and why (no gold evidence), for the report. */
  skipped: Array<{ id: string; reason: string }>;
}
