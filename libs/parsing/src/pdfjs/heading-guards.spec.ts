import { looksLikeCode } from './heading-guards';

describe(looksLikeCode.name, () => {
  it('recognises TeX code, numbered listing lines and docstrip guards', () => {
    for (const text of [
      '\\AtBeginDocument{%',
      '106 \\def\\FNH@spewnotes {%',
      '314 \\let\\FNH@postfntext\\@empty',
      '5: else',
      '〈∗package〉',
      '352 〈∗egarabpar〉',
      '\\begin{sodg}',
    ]) {
      expect(looksLikeCode(text)).toBe(true);
    }
  });

  it('accepts titles that name a macro or carry a number', () => {
    for (const text of [
      'The \\subref command',
      '\\DeclareFloatingEnvironment',
      '3.1 Usage',
      '2 \\DeclareFloatingEnvironment',
      'Version 2: changes',
    ]) {
      expect(looksLikeCode(text)).toBe(false);
    }
  });
});
