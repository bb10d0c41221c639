import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CORPUS_DIR } from '../../../../test/support/paths';
import { tablesFromElements } from './tables';
import { parseElements } from './unstructured.client';
import type { UnstructuredElement } from './unstructured.types';

const recorded = (file: string) => parseElements(readFileSync(path.join(CORPUS_DIR, 'unstructured', file), 'utf8'));

describe(tablesFromElements.name, () => {
  it('finds the one table of the Data in Brief page with its two-element caption', () => {
    const tables = tablesFromElements(recorded('dib-2019-sanni-p454.json'));
    expect(tables).toHaveLength(1);
    expect(tables[0].page).toBe(1);
    expect(tables[0].caption).toBe(
      'Table 1 Potentiodynamic polarization data for stainless steel in the absence and presence of ES in 0.5 M H2SO4 solution.',
    );
    expect(tables[0].markdown.split('\n')).toHaveLength(8);
    expect(tables[0].text).toContain('0.0335 0.0409');
  });

  it('takes captions from UncategorizedText above and NarrativeText labels on the right pages', () => {
    const tables = tablesFromElements(recorded('layout-parser-paper.json'));
    expect(tables.map((table) => table.page)).toEqual([5, 8]);
    expect(tables[0].caption).toBe('Table 1: Current layout detection models in the LayoutParser model zoo');
    expect(tables[1].caption).toMatch(/^Table 2: All operations supported by the layout elements\./);
  });

  it('falls back to the flat text when a Table element has no HTML', () => {
    const tables = tablesFromElements(recorded('dib-2019-PMC6312793.json'));
    expect(tables.length).toBeGreaterThanOrEqual(3);
    const [specifications, averages] = tables;
    expect(specifications.markdown).toMatch(/^Subject area Operations research/);
    expect(specifications.caption).toBeUndefined();
    expect(averages.caption).toBe('Table 1 Average number of locations, times, vehicles and empty travels for each instance size.');
    expect(averages.markdown).toBe(averages.text);
  });

  it('finds no table in outputs without Table elements', () => {
    expect(tablesFromElements(recorded('layout-parser-paper-fast.json'))).toEqual([]);
    expect(tablesFromElements(recorded('dpr-2004.04906-2p.chunked-by-title.json'))).toEqual([]);
  });

  it('does not take prose that talks about a table for its caption', () => {
    const elements: UnstructuredElement[] = [
      { type: 'NarrativeText', text: 'Table 3 shows that the model wins on every dataset.', metadata: { page_number: 2 } },
      {
        type: 'Table',
        text: 'a b 1 2',
        metadata: { page_number: 2, text_as_html: '<table><tr><td>a</td><td>b</td></tr><tr><td>1</td><td>2</td></tr></table>' },
      },
    ];
    expect(tablesFromElements(elements)[0].caption).toBeUndefined();
  });

  it('does not look for a caption on another page', () => {
    const elements: UnstructuredElement[] = [
      { type: 'FigureCaption', text: 'Table 4: Results.', metadata: { page_number: 1 } },
      { type: 'Table', text: 'a b', metadata: { page_number: 2 } },
    ];
    expect(tablesFromElements(elements)[0]).toEqual({ page: 2, markdown: 'a b', text: 'a b' });
  });
});
