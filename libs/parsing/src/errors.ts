import { InvalidInputError } from '@lectern/common';

/** Why a file could not be read as a scientific PDF. Each maps to a 4xx at the HTTP edge. */
export class UnsupportedFileError extends InvalidInputError {
  override readonly name = 'UnsupportedFileError';
  override readonly status = 415;
}

export class EncryptedPdfError extends InvalidInputError {
  override readonly name = 'EncryptedPdfError';
  override readonly status = 422;
  constructor() {
    super('the PDF is password-protected; remove the password and upload it again');
  }
}

export class CorruptPdfError extends InvalidInputError {
  override readonly name = 'CorruptPdfError';
  override readonly status = 422;
}

export class NoTextLayerError extends InvalidInputError {
  override readonly name = 'NoTextLayerError';
  override readonly status = 422;
  /** `ocrPages`: how many pages OCR read and found no text on; absent when OCR is off. */
  constructor(ocrPages?: number) {
    super(
      ocrPages === undefined
        ? 'the PDF has no text layer (a scanned document?) and OCR is off (OCR=off)'
        : `the PDF has no text layer and OCR found no text on any of its ${ocrPages} page${ocrPages === 1 ? '' : 's'} (blank or image only)`,
    );
  }
}

/** The document would cost more than the parse limits allow (inflated content, text items per page, time). */
export class ParseLimitError extends InvalidInputError {
  override readonly name = 'ParseLimitError';
  override readonly status = 422;
}
