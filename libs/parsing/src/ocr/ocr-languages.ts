import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { OcrLanguageMissingError } from './ocr.errors';

/** The LSTM-only integer models: what tesseract.js's default engine (OEM 1) uses; a third the size of the full ones. */
const MODEL_DIR = '4.0.0_best_int';

/** Where the gzipped traineddata of one language lies, inside its npm package (installed with Lectern, never fetched). */
export function languageDataFile(lang: string): string {
  let root: string;
  try {
    root = path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
  } catch {
    throw new OcrLanguageMissingError(lang);
  }
  const file = path.join(root, MODEL_DIR, `${lang}.traineddata.gz`);
  if (!existsSync(file)) throw new OcrLanguageMissingError(lang);
  return file;
}

/**
 * tesseract.js reads every language from one folder (`langPath`). One language: its package's folder. Several: a
 * folder of links to each package's file, made once per set, so nothing is copied and nothing is downloaded.
 */
export function languageDataDir(langs: string[]): string {
  const files = langs.map(languageDataFile);
  if (files.length === 1) return path.dirname(files[0]);
  const key = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
  const dir = path.join(os.tmpdir(), `lectern-ocr-${key}`);
  mkdirSync(dir, { recursive: true });
  langs.forEach((lang, i) => {
    const link = path.join(dir, `${lang}.traineddata.gz`);
    if (!existsSync(link)) symlinkSync(files[i], link);
  });
  return dir;
}
