/** Why a file could not be read as a scientific PDF. Each maps to a 4xx at the HTTP edge. */
export class UnsupportedFileError extends Error {
  override readonly name = 'UnsupportedFileError';
}

export class EncryptedPdfError extends Error {
  override readonly name = 'EncryptedPdfError';
  constructor() {
    super('the PDF is password-protected; remove the password and upload it again');
  }
}

export class CorruptPdfError extends Error {
  override readonly name = 'CorruptPdfError';
}

export class NoTextLayerError extends Error {
  override readonly name = 'NoTextLayerError';
  constructor() {
    super('the PDF has no text layer (a scanned document?); OCR is not supported yet');
  }
}
