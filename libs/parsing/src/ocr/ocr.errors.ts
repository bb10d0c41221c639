import { DomainError } from '@lectern/common';

/** OCR_LANGS names a language whose data package is not installed: nothing is downloaded at run time. */
export class OcrLanguageMissingError extends DomainError {
  override readonly name = 'OcrLanguageMissingError';
  override readonly permanent = true;
  override readonly exposable = true;
  constructor(readonly lang: string) {
    super(`no OCR data for language '${lang}': install it with \`npm install @tesseract.js-data/${lang}\` or remove it from OCR_LANGS`);
  }
}

/** The OCR engine failed on a page (not: found no text, which is recorded and not an error). */
export class OcrFailedError extends DomainError {
  override readonly name = 'OcrFailedError';
  override readonly permanent = false;
  override readonly exposable = true;
}
