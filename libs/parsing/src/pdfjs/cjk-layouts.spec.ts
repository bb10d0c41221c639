import * as fs from 'fs';
import * as path from 'path';
import type { ParsedArticle } from '../article';
import { PdfjsParser } from './pdfjs.parser';

/**
 * Chinese documents rebuilt as small PDFs by `test/fixtures/cjk/build.js` (HTML printed by Chromium with a CJK font;
 * the PDFs are committed, so no CJK font is needed here): a thesis with letter-spaced "摘 要" and "目 录" titles,
 * "第一章" chapters over "1.1" sections and a "参考文献" list, and a report numbered "一、" over "（一）".
 */
const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures/cjk');
const parse = (name: string) => new PdfjsParser().parse(fs.readFileSync(path.join(FIXTURES, name)));
const outline = (article: ParsedArticle) => article.sections.map((s) => `${s.level} ${s.number} ${s.title}`);

describe('CJK layouts', () => {
  let thesis: ParsedArticle;
  let report: ParsedArticle;
  let paper: ParsedArticle;
  beforeAll(async () => {
    [thesis, report, paper] = await Promise.all([parse('zh-thesis.pdf'), parse('zh-report.pdf'), parse('zh-search.pdf')]);
  });

  it('reads "第一章" chapters and "1.1" sections as two levels, and joins the letter-spaced titles', () => {
    expect(thesis.title).toBe('城市河流水质的季节变化研究');
    expect(outline(thesis)).toEqual([
      '1 0 Abstract',
      '1 toc 目录',
      '1 1 绪论',
      '2 1.1 研究背景',
      '2 1.2 研究内容',
      '1 2 研究方法',
      '2 2.1 采样与分析',
      '2 2.2 数据处理',
      '1 ref 参考文献',
    ]);
  });

  it('keeps the contents as contents and the reference list as references', () => {
    const toc = thesis.sections.find((s) => s.number === 'toc');
    expect(toc?.blocks.every((b) => b.kind === 'toc')).toBe(true);
    const references = thesis.sections.find((s) => s.title === '参考文献');
    expect(references?.blocks.map((b) => b.text)).toEqual([
      expect.stringMatching(/^\[1\] 王明/),
      expect.stringMatching(/^\[2\] 张伟/),
      expect.stringMatching(/^\[3\] 刘洋/),
    ]);
  });

  it('joins wrapped Chinese lines without a space, and never takes a figure caption for a heading', () => {
    const background = thesis.sections.find((s) => s.title === '研究背景');
    expect(background?.blocks[0].text).toContain('河流水质受到越来越多的关注');
    const paragraphs = thesis.sections.filter((s) => /^\d\.\d$/.test(s.number)).flatMap((s) => s.blocks.filter((b) => b.text.length > 40));
    expect(paragraphs.length).toBeGreaterThanOrEqual(5);
    expect(paragraphs.filter((b) => /\p{Script=Han} \p{Script=Han}/u.test(b.text))).toEqual([]);
    expect(thesis.sections.map((s) => s.title)).not.toContain('监测断面的分布');
  });

  it('levels a report numbered "一、" over "（一）" by its numbering style', () => {
    expect(outline(report)).toEqual([
      '1 1 ',
      '1 I 调查背景',
      '2 I.A 社区图书馆的发展',
      '2 I.B 存在的主要问题',
      '1 II 调查方法',
      '2 II.A 调查对象',
      '2 II.B 调查内容',
      '1 III 主要结论',
    ]);
  });

  it('keeps the text under a "摘要" label as the abstract, up to the first heading', () => {
    expect(outline(paper)[0]).toBe('1 0 Abstract');
    expect(paper.sections[0].blocks.map((b) => b.text).join('')).toMatch(/^知识图谱在问答系统.*取得了较好的效果。$/);
    // The thesis's letter-spaced "摘 要", set as large as its chapters, keeps its "1.1" sections below the first chapter.
    expect(thesis.sections[0].blocks[0].text).toMatch(/^本文以城市河流为对象/);
  });

  it('keeps the short paragraph a report opens with before its first heading', () => {
    expect(report.sections[0].blocks.map((b) => b.text)).toEqual([
      '为了解本市社区图书馆的建设和使用情况，课题组于今年春季对全市六个区的社区图书馆进行了实地调查。现将调查情况报告如下。',
    ]);
  });
});
