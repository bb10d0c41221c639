import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CORPUS_DIR, corpusPdf } from '../../../../test/support/paths';
import { readPageTexts } from '../pdfjs/page-texts';
import { equationsFromMmd, locateEquationPages } from './equations';

const mmdOf = (name: string) => readFileSync(path.join(CORPUS_DIR, 'nougat', `${name}.mmd`), 'utf8');
const pageTextsOf = (name: string) => readPageTexts(new Uint8Array(readFileSync(corpusPdf(`${name}.pdf`))));

describe(equationsFromMmd.name, () => {
  it.each([
    ['arxiv-1804.07821', 5, 63],
    ['arxiv-2101.03961v3', 7, 173],
    ['thinkos-0.7.4', 3, 118],
  ])('finds the display equations of %s (%i), and all math with inline on (%i)', (name, display, all) => {
    const mmd = mmdOf(name);
    expect(equationsFromMmd(mmd)).toHaveLength(display);
    const everything = equationsFromMmd(mmd, { inline: true });
    expect(everything).toHaveLength(all);
    expect(everything.filter((equation) => equation.display)).toHaveLength(display);
  });

  it('keeps the \\tag number in the LaTeX and reports it', () => {
    const equations = equationsFromMmd(mmdOf('arxiv-2101.03961v3'));
    expect(equations.map((equation) => equation.tag)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(equations[0].latex).toBe('p_{i}(x)=\\frac{e^{h(x)_{i}}}{\\sum_{j}^{N}e^{h(x)_{j}}}. \\tag{1}');
  });

  it('gives each equation the prose just before it, without markup or display math', () => {
    const [first, second] = equationsFromMmd(mmdOf('arxiv-1804.07821'));
    expect(first.context).toMatch(/In this case, a convolution operation as defined in \[25\] is given by$/);
    expect(first.context.length).toBeLessThanOrEqual(200);
    expect(second.context).toMatch(/Formally, we define from \[25\] the dilated convolution as$/);
    expect(second.context).not.toContain('\\[');
  });

  it('keeps short inline math as letters in the context, as the PDF prints them', () => {
    const equations = equationsFromMmd(mmdOf('thinkos-0.7.4'));
    expect(equations[1].context).toMatch(
      /If the time to process a cache hit is Th and the time for a cache miss is Tm, the average time for each memory access is$/,
    );
  });

  it('reads $$ display math, ignores \\\\[2pt] row spacing, and skips empty delimiters', () => {
    const mmd = 'Energy is\n\n$$E=mc^{2}$$\n\n\\begin{tabular}{c} a \\\\[2pt] b \\end{tabular}\n\nand \\[ \\] nothing, inline \\(x\\).';
    const equations = equationsFromMmd(mmd);
    expect(equations).toEqual([{ latex: 'E=mc^{2}', display: true, context: 'Energy is' }]);
    expect(equationsFromMmd(mmd, { inline: true }).map((equation) => equation.latex)).toEqual(['E=mc^{2}', 'x']);
  });
});

describe(locateEquationPages.name, () => {
  it.each([
    ['arxiv-1804.07821', [3, 3, 4, 5, 5]],
    ['arxiv-2101.03961v3', [5, 5, 7, 7, 7, 7, 22]],
    ['thinkos-0.7.4', [45, 59, 59]],
  ])('puts every display equation of %s on the page where the PDF prints it', async (name, pages) => {
    const equations = equationsFromMmd(mmdOf(name));
    locateEquationPages(equations, await pageTextsOf(name));
    expect(equations.map((equation) => equation.page)).toEqual(pages);
  });

  it('locates most inline math too, and leaves the page unset rather than guessing', async () => {
    const equations = equationsFromMmd(mmdOf('thinkos-0.7.4'), { inline: true });
    locateEquationPages(equations, await pageTextsOf('thinkos-0.7.4'));
    const located = equations.filter((equation) => equation.page !== undefined);
    expect(located.length / equations.length).toBeGreaterThan(0.7);
    expect(located.every((equation) => equation.page! >= 1 && equation.page! <= 99)).toBe(true);
  });

  it('leaves pages unset when the context is nowhere in the document', () => {
    const equations = [{ latex: 'x', display: true, context: 'words that appear on no page of this document at all' }];
    locateEquationPages(equations, ['a page about something else entirely', 'and another one']);
    expect(equations[0]).not.toHaveProperty('page');
  });
});
