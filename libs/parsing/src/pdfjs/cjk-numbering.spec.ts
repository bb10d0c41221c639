import { cjkNumeralValue, halfWidthDigits, parseCjkNumbering } from './cjk-numbering';
import { numberDepth, parseNumbering } from './heading-numbering';

describe(parseCjkNumbering.name, () => {
  it.each([
    ['第一章 绪论', '1', '绪论', 'chapter'],
    ['第 2 节 安装', '2', '安装', 'chapter'],
    ['第十二章 结论', '12', '结论', 'chapter'],
    ['第 II 部 オリジナルの互換プリミティブ', 'II', 'オリジナルの互換プリミティブ', 'chapter'],
    ['第3節 はじめに', '3', 'はじめに', 'chapter'],
    ['제 1 장 서론', '1', '서론', 'chapter'],
    ['一、调查背景', 'I', '调查背景', 'roman'],
    ['十四、其他', 'XIV', '其他', 'roman'],
    ['（二）存在的主要问题', 'B', '存在的主要问题', 'letter'],
    ['附录 A 外文资料原文', 'A', '外文资料原文', 'appendix'],
    ['부록 B. 유니코드의 한글', 'B', '유니코드의 한글', 'appendix'],
    ['1.1研究背景', '1.1', '研究背景', 'arabic'],
    ['6．图、表和公式的规定', '6', '图、表和公式的规定', 'arabic'],
  ])('reads "%s" as number %s, title "%s", kind %s', (text, number, title, kind) => {
    expect(parseCjkNumbering(text)).toEqual({ number, title, kind, cjk: true });
  });

  it('leaves a date, a plain sentence and Latin numbering alone', () => {
    expect(parseCjkNumbering('12月3日召开会议')).toBeNull();
    expect(parseCjkNumbering('本文研究了水质变化')).toBeNull();
    expect(parseCjkNumbering('1 Introduction')).toBeNull();
  });

  it('keeps a chapter label printed alone for its title on the next line', () => {
    expect(parseCjkNumbering('第 III 部')).toEqual({ number: 'III', title: '', kind: 'chapter', cjk: true });
  });
});

describe(cjkNumeralValue.name, () => {
  it('reads Chinese numerals with tens and hundreds', () => {
    expect([cjkNumeralValue('九'), cjkNumeralValue('十'), cjkNumeralValue('二十三'), cjkNumeralValue('一百零五')]).toEqual([
      9, 10, 23, 105,
    ]);
    expect(cjkNumeralValue('abc')).toBeNull();
  });
});

describe(halfWidthDigits.name, () => {
  it('turns full-width digits and the stop between them into ASCII, so "１．２" numbers a section', () => {
    expect(halfWidthDigits('１．２ 研究方法')).toBe('1.2 研究方法');
    expect(parseNumbering('１．２ 研究方法', false)).toEqual({ number: '1.2', title: '研究方法', kind: 'arabic' });
  });
});

describe('CJK numbering levels', () => {
  it('puts "一、" sections at the top level like other roman numbers', () => {
    expect(numberDepth(parseNumbering('二、调查方法', false))).toBe(1);
    expect(numberDepth(parseNumbering('2.1 采样与分析', false))).toBe(2);
  });
});
