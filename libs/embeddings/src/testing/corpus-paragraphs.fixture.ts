import * as fs from 'fs';
import * as path from 'path';
import { teiText } from '../../../../test/support/tei-text';

/** Spec fixture only: real paragraphs of a corpus paper, read from its GROBID TEI with a regex. */
export const CORPUS_DIR = path.resolve(__dirname, '../../../..', '../shared/corpus');

export function loadBodyParagraphs(name: string): string[] {
  const xml = fs.readFileSync(path.join(CORPUS_DIR, 'grobid', `${name}.tei.xml`), 'utf8');
  const body = xml.slice(xml.indexOf('<body>'), xml.indexOf('</body>'));
  return [...body.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)].map((match) => teiText(match[1])).filter((paragraph) => paragraph.length > 0);
}
