import * as path from 'path';
import type { PdfjsLib } from './pdfjs.types';

const POLYFILL_WARNING = 'Warning: Cannot polyfill';
let cached: PdfjsLib | undefined;

/**
 * Loads the legacy (Node) build of pdf.js once. At load time it tries to polyfill DOMMatrix/Path2D from
 * `canvas` and warns when that is absent; those are only needed for rendering, which we never do, so
 * exactly those two lines are dropped while the module loads.
 */
export function loadPdfjs(): PdfjsLib {
  if (cached) return cached;
  const log = console.log;
  console.log = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(POLYFILL_WARNING)) return;
    log.apply(console, args);
  };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, synchronously, inside the console.log filter above
    cached = require('pdfjs-dist/legacy/build/pdf.js') as PdfjsLib;
  } finally {
    console.log = log;
  }
  return cached;
}

/** Where pdfjs-dist keeps the CMaps (CJK text) and the standard 14 fonts' data; read from disk in Node. */
export function pdfjsAssetDirs(): { cMapUrl: string; standardFontDataUrl: string } {
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  return {
    cMapUrl: path.join(root, 'cmaps') + path.sep,
    standardFontDataUrl: path.join(root, 'standard_fonts') + path.sep,
  };
}
