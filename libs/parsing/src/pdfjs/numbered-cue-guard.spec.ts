import { flowLine } from '../testing/flow-line.fixture';
import type { FlowLine } from './layout.types';
import { numberedCueLines } from './numbered-cue-guard';

/** Lines from the top of a page down, 14 pt apart. */
const page = (texts: string[]): FlowLine[] => texts.map((t, k) => flowLine(t, 760 - 14 * k));

describe(numberedCueLines.name, () => {
  it("takes a play's numbered speeches, whose speakers recur, for cues", () => {
    const flow = page([
      'Scene 1',
      '1 Flore',
      'Quittez, quittez vos troupeaux,',
      '2 Tircis',
      'Berger, laissons là tes feux,',
      '3 Dorilas',
      'Mais au moins dis-moi, cruelle,',
      '4 Tircis',
      'Si d’un peu d’amitié tu payeras mes vœux ?',
      '5 Dorilas',
      'Si tu seras sensible à mon ardeur fidèle ?',
      '6 Flore',
      'Voilà Flore qui nous appelle.',
      '7 Pan suivi de six Faunes',
    ]);
    expect([...numberedCueLines(flow, 0)]).toEqual([1, 3, 5, 7, 9, 11, 13]);
  });

  it('takes numbered verse lines whose half-lines recur for cues, past a footnote that restarts the count', () => {
    const verse = ['gUyand kasAn', 'ast', 'man mIgUyam', 'ast', 'hOs ast.'];
    const flow = page([...verse, ...verse].map((t, k) => `${k + 1} ${t}`).concat(['1 st ] Western side']));
    expect(numberedCueLines(flow, 0).size).toBe(10);
  });

  it('leaves numbered sections alone: their titles are not printed again', () => {
    const flow = page([
      '1 Introduction',
      'Some text.',
      '2 Installation',
      '3 Usage',
      'More text.',
      '4 Options',
      '5 Examples',
      '6 Known issues',
      '7 History',
    ]);
    expect(numberedCueLines(flow, 0).size).toBe(0);
  });

  it('leaves a short numbered list alone even when an item repeats', () => {
    const flow = page(['1 Compile', '2 Run', '3 Compile', '4 Done']);
    expect(numberedCueLines(flow, 0).size).toBe(0);
  });
});

describe(`${numberedCueLines.name} on line-numbered prose`, () => {
  it('keeps a heading among line-numbered prose lines: it is set larger or bolder than the numbered text', () => {
    const prose = 'I use git to manage some packages. I would like to add a hook,';
    const flow = [
      flowLine('1 Left chapter', 760, { size: 24, bold: true }),
      ...[2, 3, 4].map((n, k) => flowLine(`${n} ${prose}`, 720 - 12 * k)),
      flowLine('5 2.1 Left section', 660, { size: 14, bold: true }),
      flowLine('6 Left subsubsection', 640, { bold: true }),
      ...[7, 8, 9].map((n, k) => flowLine(`${n} ${prose}`, 620 - 12 * k)),
    ];
    expect([...numberedCueLines(flow, 0)]).toEqual([1, 2, 3, 6, 7, 8]);
  });
});
