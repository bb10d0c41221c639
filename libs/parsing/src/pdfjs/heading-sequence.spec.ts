import { flowLine } from '../testing/flow-line.fixture';
import type { HeadingCandidate } from './heading-candidates';
import { parseNumbering } from './heading-numbering';
import { interruptsNumberedListing, markAppendixSequence } from './heading-sequence';

describe(interruptsNumberedListing.name, () => {
  it('finds a heading set between two consecutive line numbers of a code listing', () => {
    const flow = [
      flowLine('71', 476, { size: 5 }),
      flowLine('2.1 Formatting commands', 459, { size: 12, bold: true }),
      flowLine('72', 441, { size: 5 }),
    ];
    expect(interruptsNumberedListing(flow, 1, 2)).toBe(true);
  });

  it('takes the listing lines with their code ("245 〈/package〉" over "246 〈*cfg〉")', () => {
    const flow = [
      flowLine('245 〈/package〉', 421, { size: 9 }),
      flowLine('6.2 diadia.cfg', 386, { bold: true }),
      flowLine('246 〈*cfg〉', 361, { size: 6 }),
    ];
    expect(interruptsNumberedListing(flow, 1, 2)).toBe(true);
  });

  it('does not take figures that do not count on, or text that carries no number', () => {
    const skipping = [flowLine('10', 476, { size: 5 }), flowLine('Encoder', 459, { bold: true }), flowLine('20', 441, { size: 5 })];
    const text = [flowLine('as shown above.', 476), flowLine('Encoder', 459, { bold: true }), flowLine('12 layers', 441, { size: 5 })];
    expect(interruptsNumberedListing(skipping, 1, 2)).toBe(false);
    expect(interruptsNumberedListing(text, 1, 2)).toBe(false);
  });

  it('does not reach across a page break', () => {
    const flow = [
      flowLine('71', 100, { size: 5 }),
      flowLine('2.1 Formatting commands', 700, { page: 2, size: 12 }),
      flowLine('72', 680, { page: 2, size: 5 }),
    ];
    expect(interruptsNumberedListing(flow, 1, 2)).toBe(false);
  });
});

describe(markAppendixSequence.name, () => {
  const candidate = (text: string, size: number, font = 'Sans-Bold'): HeadingCandidate => ({
    start: 0,
    end: 1,
    text,
    numbering: parseNumbering(text, true),
    size,
    font,
    bold: true,
    caps: false,
    strength: size > 11 ? 2 : 1,
    known: false,
    references: false,
  });
  const marked = (candidates: HeadingCandidate[]) => candidates.filter((c) => c.appendixInSequence).map((c) => c.numbering.number);

  it('marks appendix letters and their sub-sections that follow the numbered sections in their styles', () => {
    const candidates = [
      candidate('1 Introduction', 14),
      candidate('1.1 Version 0.2', 12),
      candidate('2 Macros', 14),
      candidate('A. Overviews Over the Mappings', 14),
      candidate('A.1. Mapping default', 12),
      candidate('A.2. Mapping upgreek', 12),
      candidate('B. References', 14),
      candidate('C. Index', 14),
    ];
    markAppendixSequence(candidates);
    expect(marked(candidates)).toEqual(['A', 'A.1', 'A.2', 'B', 'C']);
  });

  it('passes over a sibling or two the detector missed, but not a letter out of order', () => {
    const candidates = [
      candidate('1 Introduction', 14),
      candidate('1.1 Scope', 12),
      candidate('2 Usage', 14),
      candidate('A Mappings', 14),
      candidate('A.1 Default', 12),
      candidate('A.4 Fourier', 12),
      candidate('E Extra', 14),
    ];
    markAppendixSequence(candidates);
    expect(marked(candidates)).toEqual(['A', 'A.1', 'A.4']);
  });

  it('leaves letters set in a style no numbered section uses, and letters in a paper without numbered sections', () => {
    const styled = [candidate('1 Introduction', 14), candidate('2 Usage', 14), candidate('A Proofs', 10, 'Body-Italic')];
    const unnumbered = [candidate('A Proofs', 14), candidate('B Data', 14)];
    markAppendixSequence(styled);
    markAppendixSequence(unnumbered);
    expect(marked(styled)).toEqual([]);
    expect(marked(unnumbered)).toEqual([]);
  });
});
