import { endsInUnit, looksLikeCode } from './heading-guards';

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

describe(endsInUnit.name, () => {
  it('recognises a quantity with its unit in brackets, as a column header names it', () => {
    for (const text of ['Concentration (g)', 'Yield (mg/L)', 'Share (%)', 'Temperature (°C)', 'Dose (kg m−2)', 'Mass (kDa)', 'Time (days)']) {
      expect(endsInUnit(text)).toBe(true);
    }
  });

  it('accepts titles ending in an acronym, an item label, a year or a word in brackets', () => {
    for (const text of ['Support Vector Machines (SVM)', 'Results (a)', 'Phase (ii)', 'Data (2019)', 'Discussion (continued)', 'Installation (Unix)']) {
      expect(endsInUnit(text)).toBe(false);
    }
  });
});
