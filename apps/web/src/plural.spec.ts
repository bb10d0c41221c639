import { plural } from './plural';

describe(plural.name, () => {
  it('says one noun for exactly one, the plural otherwise', () => {
    expect(plural(1, 'section')).toBe('1 section');
    expect(plural(0, 'section')).toBe('0 sections');
    expect(plural(2, 'passage')).toBe('2 passages');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
    expect(plural(5, 'entry', 'entries')).toBe('5 entries');
  });
});
