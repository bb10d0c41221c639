import * as fs from 'fs';
import * as path from 'path';
import { corpusPageTexts } from '../../../../test/support/parsed-corpus';
import type { ParsedArticle, ParsedBlock } from '../article';
import { parsedArticle } from '../testing/parsed-article.fixture';
import { assignPages } from './page-assigner';
import { parseTei } from './tei.parser';

const CORPUS = path.resolve(__dirname, '../../../..', '../shared/corpus');
/** The seven PDFs that have a recorded GROBID TEI. */
const PAIRS = [
  'acl-2020.acl-main.207',
  'acl-N18-3011',
  'aem-2011-hu-crenarchaeota',
  'arxiv-1211.2288',
  'arxiv-1912.10667',
  'jner-2016-demarchis',
  'mpra-8468-mora-alfaro-es',
];

const article = (blocks: Partial<ParsedBlock>[]): ParsedArticle =>
  parsedArticle([{ number: '1', title: 'S', level: 1, blocks: blocks.map((b) => ({ text: '', page: 1, kind: 'text', ...b })) }]);
const pagesOf = (a: ParsedArticle) => a.sections.flatMap((s) => s.blocks.map((b) => b.page));

const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

/**
 * Where a block "really is", judged differently from the assigner: the pages holding the first run of six
 * consecutive words of the block (word-level, not the assigner's character probes). Null when no run is found.
 */
function truePages(text: string, pageWords: string[]): Set<number> | null {
  const w = words(text);
  const run = Math.min(6, w.length);
  if (run < 3) return null;
  for (let i = 0; i + run <= w.length && i < 40; i++) {
    const needle = ` ${w.slice(i, i + run).join(' ')} `;
    const pages = pageWords.flatMap((p, k) => (p.includes(needle) ? [k + 1] : []));
    if (pages.length) return new Set(pages);
  }
  return null;
}

describe(assignPages.name, () => {
  describe.each(PAIRS)('on %s', (name) => {
    let pageTexts: string[];
    let parsed: ParsedArticle;
    beforeAll(async () => {
      pageTexts = await corpusPageTexts(`${name}.pdf`);
      parsed = parseTei(fs.readFileSync(path.join(CORPUS, 'grobid', `${name}.tei.xml`), 'utf8'));
    });

    it('puts at least 90% of the blocks on the page where their text is printed', () => {
      const assigned = assignPages(parsed, pageTexts);
      const pageWords = pageTexts.map((t) => ` ${words(t).join(' ')} `);
      let checked = 0;
      let right = 0;
      for (const block of assigned.sections.flatMap((s) => s.blocks)) {
        const truth = truePages(block.text, pageWords);
        if (!truth) continue;
        checked++;
        if (truth.has(block.page)) right++;
      }
      const blocks = assigned.sections.flatMap((s) => s.blocks).length;
      // Nearly every block must be checkable, or the 90% would say little.
      expect(checked / blocks).toBeGreaterThan(0.75);
      expect(right / checked).toBeGreaterThanOrEqual(0.9);
    });

    it('never leaves a block on page 0 or beyond the last page, and records the page count', () => {
      const assigned = assignPages(parsed, pageTexts);
      expect(assigned.pageCount).toBe(pageTexts.length);
      for (const page of pagesOf(assigned)) {
        expect(page).toBeGreaterThanOrEqual(1);
        expect(page).toBeLessThanOrEqual(pageTexts.length);
      }
    });
  });

  it.each(['arxiv-1912.10667', 'jner-2016-demarchis'])(
    'finds the pages GROBID measured for %s when its coordinates are hidden',
    async (name) => {
      const pageTexts = await corpusPageTexts(`${name}.pdf`);
      const withBoxes = parseTei(fs.readFileSync(path.join(CORPUS, 'grobid', `${name}.tei.xml`), 'utf8'));
      const hidden: ParsedArticle = {
        ...withBoxes,
        sections: withBoxes.sections.map((s) => ({ ...s, blocks: s.blocks.map(({ box: _box, ...b }) => ({ ...b, page: 1 })) })),
      };
      const found = pagesOf(assignPages(hidden, pageTexts));
      const measured = withBoxes.sections.flatMap((s) => s.blocks.map((b) => b.box?.page));
      const comparable = measured.flatMap((page, i) => (page === undefined ? [] : [page === found[i]]));
      expect(comparable.length).toBeGreaterThan(40);
      expect(comparable.filter(Boolean).length / comparable.length).toBeGreaterThanOrEqual(0.95);
    },
  );

  it('keeps the page of blocks that have coordinates', () => {
    const box = { page: 2, x: 1, y: 2, w: 3, h: 4 };
    const result = assignPages(article([{ text: 'text printed on the first page only', page: 2, box }]), [
      'text printed on the first page only',
      'other',
    ]);
    expect(pagesOf(result)).toEqual([2]);
    expect(result.sections[0].blocks[0].box).toEqual(box);
  });

  it('matches across hyphenation, ligatures, accents and line breaks', () => {
    const pages = [
      'nothing here',
      'the signiﬁcant electro-\nphysiological response of the muscle was re-\ncorded carefully',
      'e´tude nothing',
    ];
    const result = assignPages(
      article([{ text: 'The significant electrophysiological response of the muscle was recorded carefully.' }]),
      pages,
    );
    expect(pagesOf(result)).toEqual([2]);
  });

  it('resolves a phrase printed twice to the occurrence after the previous block', () => {
    const repeated = 'as shown in the results of the experiment above';
    const pages = [`intro text ${repeated}`, 'the second block starts here and runs on for a while', `discussion ${repeated}`];
    const result = assignPages(article([{ text: 'The second block starts here and runs on for a while' }, { text: `${repeated}` }]), pages);
    expect(pagesOf(result)).toEqual([2, 3]);
  });

  it('gives a block that cannot be found the page of the block before it', () => {
    const pages = ['first page words are here to be found', 'second page begins a new passage of prose'];
    const result = assignPages(
      article([{ text: 'second page begins a new passage of prose' }, { text: 'xq zv wk garbled formula ∑∫ text' }, { text: '(1)' }]),
      pages,
    );
    expect(pagesOf(result)).toEqual([2, 2, 2]);
  });
});
