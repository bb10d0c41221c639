import type { FlowLine } from './layout.types';
import type { Paragraph } from './paragraphs';
import { joinBareLabels } from './preface-labels';

const paragraph = (text: string): Paragraph => ({ lines: [{ text } as FlowLine], text });
const texts = (paragraphs: Paragraph[]) => paragraphs.map((p) => p.text);

describe(joinBareLabels.name, () => {
  it('joins a keywords or citation label set on its own line to the paragraph after it', () => {
    const joined = joinBareLabels(
      [
        'CCS CONCEPTS',
        '• Computing methodologies → Tracking.',
        'KEYWORDS',
        'gaze, reading',
        'ACM Reference Format:',
        'A. Author. 2024.',
      ].map(paragraph),
    );
    expect(texts(joined)).toEqual([
      'CCS CONCEPTS • Computing methodologies → Tracking.',
      'KEYWORDS gaze, reading',
      'ACM Reference Format: A. Author. 2024.',
    ]);
    expect(joined[1].lines.map((l) => l.text)).toEqual(['KEYWORDS', 'gaze, reading']);
  });

  it('leaves a label followed by its text, a last label and other paragraphs as they are', () => {
    const given = ['Keywords: gaze, reading', 'Keywords in context help the reader.', 'Index Terms'];
    expect(texts(joinBareLabels(given.map(paragraph)))).toEqual(given);
  });
});
