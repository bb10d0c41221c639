import { withMarkedSection } from '../bench/results-file';

const SECTION = { heading: '## Answers', begin: '<!-- a:begin -->', end: '<!-- a:end -->' };

describe('withMarkedSection', () => {
  it('replaces only the block between the markers, keeping the hand-written reading after it', () => {
    const current = [
      '# Results',
      '',
      '## Answers',
      '',
      '<!-- a:begin -->',
      'old table',
      '<!-- a:end -->',
      '',
      'Reading by hand.',
      '',
      '## Next',
      '',
    ].join('\n');
    const next = withMarkedSection(current, SECTION, 'new table');
    expect(next).toContain('<!-- a:begin -->\n\nnew table\n\n<!-- a:end -->');
    expect(next).not.toContain('old table');
    expect(next).toContain('Reading by hand.');
    expect(next.indexOf('## Next')).toBeGreaterThan(next.indexOf('Reading by hand.'));
  });

  it('appends the heading and the block when the markers are not there yet', () => {
    const next = withMarkedSection('# Results\n', SECTION, 'table');
    expect(next).toBe('# Results\n\n## Answers\n\n<!-- a:begin -->\n\ntable\n\n<!-- a:end -->\n');
  });
});
