import type { GlyphRepairs } from './glyph-repairs';

export interface FontInfo {
  name: string;
  bold: boolean;
  /** Characters pdf.js could not map (ligatures named `t_t`, …) → their letters; see `glyphRepairs`. */
  repairs?: GlyphRepairs;
}

/**
 * Weight is only visible in the font's PostScript name: `NimbusRomNo9L-Medi`, `Times-Bold`, `CMBX10`,
 * `Arial,Bold`, `…AdvTT….B` (Springer/BMC). `Medi(um)` counts: Times clones set headings in it.
 */
const BOLD_NAME = /bold|black|heavy|semibold|demi|medi(um)?\b|medi$|[-_,.+]b$|[-_,.]bd\b|cmbx|cmb\d|^bx|sfbx|extrab|ultrab|poster/i;

export function describeFont(rawName: string): FontInfo {
  const name = rawName.replace(/^[A-Z]{6}\+/, '');
  return { name, bold: BOLD_NAME.test(name) };
}
