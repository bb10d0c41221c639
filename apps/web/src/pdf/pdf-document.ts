import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';
// Vite copies the worker into the build and gives back its URL; PDF.js then parses off the main thread.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.js?url';

export type PdfJs = typeof import('pdfjs-dist');

let pdfjsPromise: Promise<PdfJs> | null = null;

/** PDF.js, loaded on first use so the chat screen does not pay for it. */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import('pdfjs-dist').then((module) => {
    // The UMD build may arrive as the namespace or under `default`, depending on the bundler's interop.
    const pdfjs = ((module as unknown as { default?: PdfJs }).default ?? module) as PdfJs;
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  return pdfjsPromise;
}

/** Why a PDF did not load, in words for the reader. */
export class PdfLoadError extends Error {
  override readonly name = 'PdfLoadError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface PdfLoad {
  promise: Promise<PDFDocumentProxy>;
  /** Stops the download and frees the worker's copy of the document. */
  destroy: () => void;
}

function describeFailure(error: unknown): PdfLoadError {
  const name = error instanceof Error ? error.name : '';
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : null;
  if (name === 'MissingPDFException' || status === 404) return new PdfLoadError('The PDF is not available.', 404);
  if (name === 'InvalidPDFException') return new PdfLoadError('This file could not be read as a PDF.', null);
  if (name === 'PasswordException') return new PdfLoadError('This PDF is password-protected.', null);
  if (status) return new PdfLoadError(`The PDF could not be loaded (HTTP ${status}).`, status);
  return new PdfLoadError('The PDF could not be loaded. Check your connection and try again.', null);
}

/** Starts loading the PDF at `url`; reject reasons are PdfLoadError. */
export function openPdf(url: string): PdfLoad {
  let task: PDFDocumentLoadingTask | null = null;
  let destroyed = false;
  const promise = loadPdfJs()
    .then((pdfjs) => {
      if (destroyed) throw new PdfLoadError('cancelled', null);
      task = pdfjs.getDocument({
        url,
        // Fonts as data, never as generated code: closes CVE-2024-4367 in PDF.js versions before 4.2.
        isEvalSupported: false,
        // Font and parsing warnings are about the file, not the app; keep the console for real errors.
        verbosity: pdfjs.VerbosityLevel.ERRORS,
      });
      return task.promise;
    })
    .catch((error: unknown) => {
      throw error instanceof PdfLoadError ? error : describeFailure(error);
    });
  return {
    promise,
    destroy: () => {
      destroyed = true;
      void task?.destroy();
    },
  };
}
