import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { startNougatReplay } from '../../../../test/replay/nougat.replay-server';
import { corpusPageTexts, parsedCorpusPdf } from '../../../../test/support/parsed-corpus';
import { CORPUS_DIR, corpusPdf } from '../../../../test/support/paths';
import type { ParsedArticle, ParsedBlock } from '../article';
import { equationsFromMmd, locateEquationPages, type ParsedEquation } from '../nougat/equations';
import { NougatClient } from '../nougat/nougat.client';
import { parsedArticle } from '../testing/parsed-article.fixture';
import { mergeEquations } from './equations.merge';
import { latexGlyphs } from './text-similarity';

const mmdOf = (name: string) => readFileSync(path.join(CORPUS_DIR, 'nougat', `${name}.mmd`), 'utf8');
const allBlocks = (parsed: ParsedArticle) => parsed.sections.flatMap((section) => section.blocks);

type Inputs = { skeleton: ParsedArticle; equations: ParsedEquation[] };
const parsed = new Map<string, Promise<Inputs>>();

/** The embedded parser's article and the display equations of the paper, pages located (the PDF parsed once per run). */
function inputsFor(name: string, mmd?: string): Promise<Inputs> {
  const load = async (): Promise<Inputs> => {
    const skeleton = await parsedCorpusPdf(`${name}.pdf`);
    const equations = equationsFromMmd(mmd ?? mmdOf(name));
    locateEquationPages(equations, await corpusPageTexts(`${name}.pdf`));
    return { skeleton, equations };
  };
  if (mmd !== undefined) return load();
  if (!parsed.has(name)) parsed.set(name, load());
  return parsed.get(name)!;
}

/** Words of the skeleton's text that are missing from the merged article's text blocks (repeats counted). */
function removedWords(skeleton: ParsedArticle, merged: ParsedArticle): string[] {
  const words = (parsed: ParsedArticle) =>
    allBlocks(parsed)
      .filter((block) => block.kind !== 'equation')
      .flatMap((block) => block.text.split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  const left = new Map<string, number>();
  for (const word of words(merged)) left.set(word, (left.get(word) ?? 0) + 1);
  return words(skeleton).filter((word) => {
    const count = left.get(word) ?? 0;
    if (count > 0) left.set(word, count - 1);
    return count === 0;
  });
}

const article = (blocks: ParsedBlock[]): ParsedArticle =>
  parsedArticle([{ number: '2', title: 'Method', level: 1, blocks }], { pageCount: 5 });

describe(mergeEquations.name, () => {
  it.each([
    ['arxiv-1804.07821', [3, 3, 4, 5, 5]],
    ['arxiv-2101.03961v3', [5, 5, 7, 7, 7, 7, 22]],
    ['thinkos-0.7.4', [45, 59, 59]],
  ])('puts every display equation of %s into the embedded parser’s article as LaTeX, in order, on its page', async (name, pages) => {
    const { skeleton, equations } = await inputsFor(name);
    const { article: merged, warnings } = mergeEquations(skeleton, equations);
    const blocks = allBlocks(merged).filter((block) => block.kind === 'equation');
    expect(blocks.map((block) => block.text)).toEqual(equations.map((equation) => `$$ ${equation.latex} $$`));
    expect(blocks.map((block) => block.page)).toEqual(pages);
    expect(warnings).toEqual([]);
  });

  it.each(['arxiv-1804.07821', 'arxiv-2101.03961v3', 'thinkos-0.7.4'])(
    'drops no prose from %s: every word cut out of a paragraph belongs to a formula',
    async (name) => {
      const { skeleton, equations } = await inputsFor(name);
      const removed = removedWords(skeleton, mergeEquations(skeleton, equations).article);
      const formulaText = equations.map((equation) => latexGlyphs(equation.latex).join('')).join(' ');
      const proseLike = removed.filter((word) => /^\p{L}{4,}$/u.test(word) && !formulaText.includes(word.toLowerCase()));
      expect(proseLike).toEqual([]);
      expect(removed.length).toBeLessThan(80);
    },
  );

  it('cuts the flattened formula out of its paragraph and splits the paragraph around the LaTeX', async () => {
    const { skeleton, equations } = await inputsFor('arxiv-1804.07821');
    const blocks = allBlocks(mergeEquations(skeleton, equations).article);
    const at = blocks.findIndex((block) => block.text.includes('\\tag{2}'));
    expect(blocks[at - 1].text).toMatch(/Formally, we define from \[25\] the dilated convolution as$/);
    expect(blocks[at + 1].text).toMatch(/^where l is the index of the current layer of the convolution\./);
  });

  it('merges the Markdown the Nougat client fetched from the replay', async () => {
    const replay = await startNougatReplay();
    try {
      const mmd = await new NougatClient({ baseUrl: replay.url }).predict(corpusPdf('arxiv-2101.03961v3.pdf'));
      const { skeleton, equations } = await inputsFor('arxiv-2101.03961v3', mmd);
      const merged = allBlocks(mergeEquations(skeleton, equations).article);
      expect(merged.filter((block) => block.kind === 'equation' && /\\tag\{\d\}/.test(block.text))).toHaveLength(7);
    } finally {
      await replay.close();
    }
  });

  it("replaces GROBID's equation block, written as the PDF's text layer prints the formula, and keeps its box", async () => {
    const [, , loss] = (await inputsFor('arxiv-1804.07821')).equations;
    const box = { page: 4, x: 120, y: 80, w: 200, h: 20 };
    const before: ParsedBlock = {
      text: 'When training, we use a scaled mean absolute error for our loss function:',
      page: 4,
      kind: 'text',
    };
    const after: ParsedBlock = { text: 'where γ is the scale factor, yî is the prediction, yi is the true value.', page: 4, kind: 'text' };
    const garbled: ParsedBlock = { text: '1 ∑n L = |yî − γyi| (3) n', page: 4, kind: 'equation', box };
    const merged = allBlocks(mergeEquations(article([before, garbled, after]), [loss]).article);
    expect(merged).toEqual([before, { text: `$$ ${loss.latex} $$`, page: 4, kind: 'equation', box }, after]);
  });

  it('replaces a text block that is nothing but a formula, and leaves a different formula alone', () => {
    const capacity = equationsFromMmd(mmdOf('arxiv-2101.03961v3'))[2];
    const formula: ParsedBlock = {
      text: '( ) tokens per batch expert capacity = × capacity factor. (3) number of experts',
      page: 7,
      kind: 'text',
    };
    const other: ParsedBlock = { text: 'fi · Pi (4)', page: 7, kind: 'text' };
    const merged = allBlocks(mergeEquations(article([formula, other]), [{ ...capacity, page: 7 }]).article);
    expect(merged).toEqual([{ text: `$$ ${capacity.latex} $$`, page: 7, kind: 'equation' }, other]);
  });

  it('never inserts inline math as blocks', () => {
    const inline: ParsedEquation = { latex: 'T_{h}', display: false, context: 'the time to process a cache hit is', page: 1 };
    const prose: ParsedBlock = { text: 'If the time to process a cache hit is Th and the time for a miss is Tm.', page: 1, kind: 'text' };
    expect(allBlocks(mergeEquations(article([prose]), [inline]).article)).toEqual([prose]);
  });

  it('warns about display equations whose page is unknown instead of guessing', () => {
    const lost: ParsedEquation = { latex: 'a^{2}+b^{2}=c^{2}', display: true, context: 'nowhere' };
    const prose: ParsedBlock = { text: 'Some prose.', page: 1, kind: 'text' };
    const { article: merged, warnings } = mergeEquations(article([prose]), [lost]);
    expect(allBlocks(merged)).toEqual([prose]);
    expect(warnings).toEqual(['nougat: 1 display equation(s) not merged: their page could not be located']);
  });
});
