import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { buildArticle } from '@lectern/parsing';
import { CORPUS_DIR } from '../support/paths';

/** GROBID's TEI of a different paper (lattice QCD), as a mixed-up upload or a misrouted farm would return it. */
const ANOTHER_PAPER_TEI = path.join(__dirname, '..', 'fixtures', 'grobid', 'another-paper.tei.xml');

/** Issue 20 item 10: GROBID's TEI is checked against the PDF's own text layer before it replaces the text. */
describe('GROBID output against the text layer', () => {
  const recorded = ['arxiv-1211.2288'];

  it.each(recorded)('keeps the recorded GROBID skeleton of %s', async (name) => {
    const pdf = await fs.readFile(path.join(CORPUS_DIR, 'pdf', `${name}.pdf`));
    const tei = await fs.readFile(path.join(CORPUS_DIR, 'grobid', `${name}.tei.xml`), 'utf8');
    const article = await buildArticle(pdf, { grobidTei: tei });
    expect(article.parsers).toContain('grobid');
    expect(article.warnings ?? []).not.toContainEqual(expect.stringMatching(/does not match/));
  });

  it('falls back to the embedded parser, with a warning, when the TEI describes another paper', async () => {
    const pdf = await fs.readFile(path.join(CORPUS_DIR, 'pdf', 'acl-N18-3011.pdf'));
    const article = await buildArticle(pdf, { grobidTei: await fs.readFile(ANOTHER_PAPER_TEI, 'utf8') });
    expect(article.parsers).toEqual(['pdfjs']);
    expect(article.title).not.toMatch(/totally different/);
    expect(article.warnings).toContainEqual(
      expect.stringMatching(/grobid output unusable \(grobid: its text does not match the PDF's text layer/),
    );
  });
});
