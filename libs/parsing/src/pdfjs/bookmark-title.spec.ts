import { bookmarkTitleAsPrinted } from './bookmark-title';

describe(bookmarkTitleAsPrinted.name, () => {
  it('reads TeX quote pairs as typographic quotes', () => {
    expect(bookmarkTitleAsPrinted("The ``Teaser Figure''")).toBe('The “Teaser Figure”');
  });

  it('drops the backslash of escaped specials', () => {
    expect(bookmarkTitleAsPrinted('Q\\&A on 50\\% of \\#tags and \\_id')).toBe('Q&A on 50% of #tags and _id');
  });

  it('reads a tie between words as a space', () => {
    expect(bookmarkTitleAsPrinted('Results in Section~3 and Fig.~2')).toBe('Results in Section 3 and Fig. 2');
  });

  it('keeps a tilde that is not a tie, and a plain title as it is', () => {
    expect(bookmarkTitleAsPrinted('Editing ~/.profile')).toBe('Editing ~/.profile');
    expect(bookmarkTitleAsPrinted('Latency of ~5 ms')).toBe('Latency of ~5 ms');
    expect(bookmarkTitleAsPrinted("Users' Guide")).toBe("Users' Guide");
  });
});
