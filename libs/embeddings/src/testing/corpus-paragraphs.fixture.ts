import * as fs from 'fs';
import * as path from 'path';

/** Spec fixture only: real paragraphs of a corpus paper, read from its GROBID TEI with a regex. */
export const CORPUS_DIR = path.resolve(__dirname, '../../../..', '../shared/corpus');

export function loadBodyParagraphs(name: string): string[] {
  const xml = fs.readFileSync(path.join(CORPUS_DIR, 'grobid', `${name}.tei.xml`), 'utf8');
  const body = xml.slice(xml.indexOf('<body>'), xml.indexOf('</body>'));
  return [...body.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)]
    .map((match) =>
      match[1]
        .replace(/<[^>]+>/g, ' ')
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((paragraph) => paragraph.length > 0);
}
