import { endsInUnit } from './table-rows';

describe(endsInUnit.name, () => {
  it('recognises a quantity with its unit in brackets, as a column header names it', () => {
    for (const text of [
      'Concentration (g)',
      'Yield (mg/L)',
      'Share (%)',
      'Temperature (°C)',
      'Dose (kg m−2)',
      'Mass (kDa)',
      'Time (days)',
    ]) {
      expect(endsInUnit(text)).toBe(true);
    }
  });

  it('accepts titles ending in an acronym, an item label, a year, a tool name or a word in brackets', () => {
    for (const text of [
      'Support Vector Machines (SVM)',
      'Results (a)',
      'Phase (ii)',
      'Data (2019)',
      'Discussion (continued)',
      'Installation (Unix)',
      'Signing keys (gpg)',
      'Package management (dpkg)',
      'Results (cont)',
      'Results (mice)',
      'Methods (part one)',
      'Appendix (Go)',
    ]) {
      expect(endsInUnit(text)).toBe(false);
    }
  });
});
