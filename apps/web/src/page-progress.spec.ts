import { pageProgressLabel } from './page-progress';

describe(pageProgressLabel.name, () => {
  it('names the page OCR is reading as OCR, a page read from its text layer by the stage, and no page by the stage alone', () => {
    expect(pageProgressLabel('Parsing', { page: 12, pages: 240, step: 'ocr' })).toBe('OCR 12/240');
    expect(pageProgressLabel('Parsing', { page: 12, pages: 240, step: 'text' })).toBe('Parsing 12/240');
    expect(pageProgressLabel('Embedding', null)).toBe('Embedding');
  });
});
