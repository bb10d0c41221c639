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

  it('drops a link address the outline keeps before the link text, as the page prints only the text', () => {
    expect(
      bookmarkTitleAsPrinted(
        "Version 2.12.26 [2017 January 27 https://en.wikipedia.org/wiki/Martyrs%27_Day_(India), Martyrs' Day (India)]",
      ),
    ).toBe("Version 2.12.26 [2017 January 27 Martyrs' Day (India)]");
    expect(bookmarkTitleAsPrinted('Version 2.12.2 [2003 Feb 7: Munro Day at http://www.dal.ca/,Dalhousie University]')).toBe(
      'Version 2.12.2 [2003 Feb 7: Munro Day at Dalhousie University]',
    );
  });

  it('keeps a bare address, which the page prints', () => {
    expect(bookmarkTitleAsPrinted('Mirrors at https://ctan.org/mirrors')).toBe('Mirrors at https://ctan.org/mirrors');
  });

  it('drops a run of TeX catcode tokens a docstrip heading left in its entry', () => {
    expect(bookmarkTitleAsPrinted('Beginning of the ` 12`12`$12`&12`#12`12`_12`%12`12`"026B30D 12package docstrip module')).toBe(
      'Beginning of the package docstrip module',
    );
    expect(bookmarkTitleAsPrinted('Quotes `like this` stay, as does a 12-bit `int12` type')).toBe(
      'Quotes `like this` stay, as does a 12-bit `int12` type',
    );
  });
});
