import { hasHeadingShape } from './heading-candidates';

describe(hasHeadingShape.name, () => {
  it.each([
    '9.1.4 Bar',
    '1.1.1 Scope',
    '9.1.113 Stavespacing',
    '11.2.26 [Endcue]',
    '1.4.8 <description>',
    'A.1.2 Key',
    '<v>',
    '<br> - Line Break',
  ])('counts the letters of "%s" without its number or a leading markup tag', (text) => {
    expect(hasHeadingShape(text)).toBe(true);
  });

  it.each(['1.1 2.5 7.5', '3 42 17 8', 'When a < b holds', '1.2 x <= y', '<a> if x > 0', '2 Table 12 34.5 %'])(
    'still refuses "%s" (mostly digits, or angle brackets outside a leading tag)',
    (text) => {
      expect(hasHeadingShape(text)).toBe(false);
    },
  );
});
