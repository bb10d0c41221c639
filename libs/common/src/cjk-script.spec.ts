import { CJK_LETTER, CJK_LETTERS, HAN_KANA, HAN_KANA_LETTER } from './cjk-script';

describe('cjk-script', () => {
  it('takes Han, hiragana and katakana as Han or kana, and neither Hangul nor Latin', () => {
    expect(['文', 'の', 'カ'].every((c) => HAN_KANA_LETTER.test(c))).toBe(true);
    expect(['한', 'a', '1', '。'].some((c) => HAN_KANA_LETTER.test(c))).toBe(false);
  });

  it('adds Hangul to the CJK letters', () => {
    expect(['文', 'の', 'カ', '한'].every((c) => CJK_LETTER.test(c))).toBe(true);
    expect(['a', 'ж', '1', '。'].some((c) => CJK_LETTER.test(c))).toBe(false);
  });

  it('serves as a class body inside larger patterns', () => {
    expect(new RegExp(`^\\d+(?=[${HAN_KANA}])`, 'u').exec('12月')?.[0]).toBe('12');
    expect(new RegExp(`[${CJK_LETTERS}]+`, 'gu').exec('abc 차례 def')?.[0]).toBe('차례');
  });
});
