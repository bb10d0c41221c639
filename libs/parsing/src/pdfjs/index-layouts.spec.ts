import * as fs from 'fs';
import * as path from 'path';
import type { ParsedArticle } from '../article';
import { PdfjsParser } from './pdfjs.parser';

/**
 * Indexes set in columns, rebuilt as small PDFs by `test/fixtures/index/build.js` (HTML printed by Chromium): the group
 * labels share their rows with the other columns' entries, so only the index's own column order finds them.
 */
const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures/index');
const parse = (name: string) => new PdfjsParser().parse(fs.readFileSync(path.join(FIXTURES, name)), { ignoreOutline: true });

/** The sections after the index's title, as "level title", sorted (their order is the page reading's). */
function indexGroups(article: ParsedArticle): string[] {
  const at = article.sections.findIndex((s) => s.title === 'Index');
  const index = article.sections[at];
  return article.sections
    .slice(at + 1)
    .map((s) => `${s.level - index.level} ${s.title}`)
    .sort();
}

describe('index layouts', () => {
  let three: ParsedArticle;
  let two: ParsedArticle;
  beforeAll(async () => {
    [three, two] = await Promise.all([parse('three-column-index.pdf'), parse('two-column-index.pdf')]);
  });

  it('finds every centred bold label of a three-column index, one level below the index', () => {
    const letters = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'L', 'M', 'N', 'P', 'R', 'S', 'T'];
    expect(indexGroups(three)).toEqual(['1 Symbols', ...letters.map((l) => `1 ${l}`)].sort());
  });

  it('finds the labels of a two-column index, one at the top of a column, each over an entry in bold typewriter', () => {
    const letters = ['A', 'C', 'D', 'E', 'H', 'L', 'M', 'P', 'R', 'S', 'T'];
    expect(indexGroups(two)).toEqual(letters.map((l) => `1 ${l}`));
  });

  it('keeps the sections before the index as they were', () => {
    const before = (article: ParsedArticle) =>
      article.sections
        .slice(
          0,
          article.sections.findIndex((s) => s.title === 'Index'),
        )
        .map((s) => s.title);
    expect(before(three)).toEqual(['Introduction', 'Usage']);
    expect(before(two)).toEqual(['Introduction', 'Usage']);
  });
});
