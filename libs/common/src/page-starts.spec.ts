import { joinPageStarts, lastPageOf, pageAtOffset, pagesOfSpan } from './page-starts';

const starts = [
  { offset: 40, page: 3 },
  { offset: 90, page: 5 },
];

describe(pagesOfSpan.name, () => {
  it('gives a span before the first break the passage page', () => {
    expect(pagesOfSpan(2, starts, { start: 0, end: 39 })).toEqual({ page: 2 });
  });

  it('gives a span starting at a break the page that break opens', () => {
    expect(pagesOfSpan(2, starts, { start: 40, end: 60 })).toEqual({ page: 3 });
  });

  it('gives a span that crosses a break both pages', () => {
    expect(pagesOfSpan(2, starts, { start: 30, end: 50 })).toEqual({ page: 2, pageEnd: 3 });
  });

  it('keeps a skipped page skipped (a float page between the two halves)', () => {
    expect(pagesOfSpan(2, starts, { start: 80, end: 120 })).toEqual({ page: 3, pageEnd: 5 });
  });

  it('counts a span ending right at a break (end exclusive) on the page before it', () => {
    expect(pagesOfSpan(2, starts, { start: 10, end: 40 })).toEqual({ page: 2 });
  });

  it('falls back to the passage page without page starts', () => {
    expect(pagesOfSpan(7, undefined, { start: 500, end: 600 })).toEqual({ page: 7 });
    expect(pagesOfSpan(7, null, { start: 0, end: 1 })).toEqual({ page: 7 });
  });
});

describe(pageAtOffset.name, () => {
  it('reads the page of a character past every break as the last page', () => {
    expect(pageAtOffset(2, starts, 1_000)).toBe(5);
  });
});

describe(lastPageOf.name, () => {
  it('is the passage page when it never crosses a break', () => {
    expect(lastPageOf(4, [])).toBe(4);
    expect(lastPageOf(4, starts)).toBe(5);
  });
});

describe(joinPageStarts.name, () => {
  it('marks where a span opening on another page stands in the joined text, then its own breaks', () => {
    const spans = [
      { at: 0, page: 2, length: 30 },
      { at: 31, page: 3, pageStarts: [{ offset: 20, page: 4 }] },
    ];
    expect(joinPageStarts(2, spans)).toEqual([
      { offset: 31, page: 3 },
      { offset: 51, page: 4 },
    ]);
  });

  it('opens a span cut from inside a passage on the page its first character is printed on', () => {
    const spans = [{ at: 0, page: 2, pageStarts: starts, from: 50, length: 60 }];
    expect(joinPageStarts(3, spans)).toEqual([{ offset: 40, page: 5 }]);
  });

  it('leaves out the breaks of the passage outside the span and starts on the page already reached', () => {
    const spans = [
      { at: 0, page: 2, pageStarts: starts, from: 0, length: 60 },
      { at: 61, page: 3, pageStarts: [{ offset: 10, page: 3 }] },
    ];
    expect(joinPageStarts(2, spans)).toEqual([{ offset: 40, page: 3 }]);
  });

  it('gives none for a text printed on its first page', () => {
    expect(
      joinPageStarts(4, [
        { at: 0, page: 4 },
        { at: 12, page: 4 },
      ]),
    ).toBeUndefined();
  });
});
