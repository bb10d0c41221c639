import { styledLine as flowLine } from '../testing/flow-line.fixture';
import { readFrontMatter } from './front-matter';
import { ABSTRACT_MARKER } from './text-patterns';

const BODY = { size: 10.5, font: 'WenQuanYi' };
const PROSE = '本文提出一种结合注意力机制与图神经网络的补全模型，在两个公开数据集上取得了较好的效果，并分析了其原因。';

/** A title, a CJK abstract label on its own line or run in, the abstract's lines, a numbered heading and body text. */
function paper(label: string, runIn = false) {
  return [
    flowLine('基于注意力机制的知识图谱补全方法研究', { size: 18, y: 740 }),
    ...(runIn ? [] : [flowLine(label, { size: 14, y: 700, boldRatio: 1 })]),
    flowLine(runIn ? `${label}${PROSE}` : PROSE, { y: 680, x1: 520 }),
    flowLine(PROSE, { y: 664, x1: 520 }),
    flowLine('1 引言', { size: 14, y: 630, boldRatio: 1 }),
    ...Array.from({ length: 5 }, (_, k) => flowLine(PROSE, { y: 610 - 16 * k, x1: 520 })),
  ];
}

describe('readFrontMatter on CJK abstract labels', () => {
  it.each(['摘要', '要旨', '概要', '要約', '초록', '요약'])('takes the lines after a "%s" label as the abstract', (label) => {
    const front = readFrontMatter(paper(label), BODY);
    expect(front.abstract).toEqual({ start: 2, end: 2, inlineText: '' });
    expect(front.abstractRunsToHeading).toBe(true);
    expect(front.title).toBe('基于注意力机制的知识图谱补全方法研究');
  });

  it('reads a label run in with its text after a full-width colon', () => {
    const front = readFrontMatter(paper('摘要：', true), BODY);
    expect(front.abstract).toEqual({ start: 2, end: 2, inlineText: PROSE });
  });

  it('keeps as body text a short CJK paragraph before the first heading, where there is no abstract', () => {
    const flow = [
      flowLine('关于社区图书馆建设情况的调查报告', { size: 18, y: 740 }),
      flowLine('为了解本市社区图书馆的建设和使用情况，课题组于今年春季对全市六个区的社区图书馆进', { size: 10.5, y: 700, x1: 520 }),
      flowLine('行了实地调查。现将调查情况报告如下。', { size: 10.5, y: 684, x1: 300 }),
      flowLine('一、调查背景', { size: 14, y: 650, boldRatio: 1 }),
      ...Array.from({ length: 5 }, (_, k) => flowLine(PROSE, { y: 630 - 16 * k, x1: 520 })),
    ];
    const front = readFrontMatter(flow, BODY);
    expect(front).toMatchObject({ bodyStart: 1, abstract: null, openingProse: true });
  });
});

describe('ABSTRACT_MARKER', () => {
  it('matches a CJK label alone or before a stop, never a word that only starts with its letters', () => {
    expect(ABSTRACT_MARKER.exec('摘要')?.[2]).toBe('');
    expect(ABSTRACT_MARKER.exec('摘\u3000要')?.[2]).toBe('');
    expect(ABSTRACT_MARKER.exec('要旨：本研究では')?.[2]).toBe('本研究では');
    expect(ABSTRACT_MARKER.test('概要设计与实现')).toBe(false);
    expect(ABSTRACT_MARKER.test('요약하면 다음과 같다')).toBe(false);
  });

  it('matches Latin labels as before', () => {
    expect(ABSTRACT_MARKER.exec('Abstract—We study X.')?.[2]).toBe('We study X.');
    expect(ABSTRACT_MARKER.test('Abstraction layers')).toBe(false);
  });
});
