import { isCjkSentence, joinCjkLetterSpacing, joinsWithoutSpace, titleWordCount } from './cjk-text';
import { joinLine } from './line-joiner';
import { isLetterSpaced, KNOWN_SECTION, REFERENCES_TITLE } from './text-patterns';

const sectionName = (text: string) => KNOWN_SECTION.test(text);

describe(joinCjkLetterSpacing.name, () => {
  it('joins a CJK title spread letter by letter into one word', () => {
    expect(joinCjkLetterSpacing('目 录', sectionName)).toBe('目录');
    expect(joinCjkLetterSpacing('参 考 文 献', sectionName)).toBe('参考文献');
    expect(joinCjkLetterSpacing('摘 要', sectionName)).toBe('摘要');
  });

  it('joins spaced Hangul only into a section name, since Korean spaces its words', () => {
    expect(joinCjkLetterSpacing('차 례', sectionName)).toBe('차례');
    expect(joinCjkLetterSpacing('이 책 은', sectionName)).toBe('이 책 은');
  });

  it('leaves lines with longer words or Latin letters alone', () => {
    expect(joinCjkLetterSpacing('第 1 节 介绍', sectionName)).toBe('第 1 节 介绍');
    expect(joinCjkLetterSpacing('A B C', sectionName)).toBe('A B C');
  });
});

describe('CJK section names', () => {
  it('knows CJK references, contents and usual section titles', () => {
    expect(REFERENCES_TITLE.test('参考文献')).toBe(true);
    expect(REFERENCES_TITLE.test('참고 문헌')).toBe(true);
    expect(['目录', '目次', '摘要', '致谢', '结论', '차례'].every(sectionName)).toBe(true);
    expect(sectionName('研究方法')).toBe(false);
  });

  it('does not take a CJK heading number and title for a letter-spaced logo', () => {
    expect(isLetterSpaced('第 1 节 介绍')).toBe(false);
    expect(isLetterSpaced('R E S E A R C H')).toBe(true);
  });
});

describe(isCjkSentence.name, () => {
  it('takes full stops, lead-in colons and clause runs for sentences', () => {
    expect(isCjkSentence('这里是发行版顶层目录的一个简短的列表和描述。')).toBe(true);
    expect(isCjkSentence('创建用于打印或显示的 PostScript 文件：')).toBe(true);
    expect(isCjkSentence('另一方面，你也不妨帮助其他有问题的朋友，请尽管参与进去')).toBe(true);
  });

  it('keeps titles, questions over two clauses and a sub-numbered title ending in a colon', () => {
    expect(isCjkSentence('关于安全的考虑')).toBe(false);
    expect(isCjkSentence('如何排序并压缩连续的引用，产生如 [2,4–8] 形式的引用，怎么办？')).toBe(false);
    expect(isCjkSentence('tlmgr 命令的基本格式:', true)).toBe(false);
    expect(isCjkSentence('Results and discussion.')).toBe(false);
  });
});

describe(titleWordCount.name, () => {
  it('counts Han and kana text at about two characters a word, Latin words by spaces', () => {
    expect(titleWordCount('Results and Discussion')).toBe(3);
    expect(titleWordCount('关于安全的考虑')).toBe(4);
    expect(titleWordCount('XeTeX 和 LuaTeX 的系统字体配置')).toBe(6);
  });
});

describe(joinsWithoutSpace.name, () => {
  it('joins wrapped Han and kana lines without a space, and Latin or mixed breaks with one', () => {
    expect(joinLine('随着城市规模的扩大，河流水质受到越来越', '多的关注。')).toBe('随着城市规模的扩大，河流水质受到越来越多的关注。');
    expect(joinLine('これで横書きの', 'article 相当の文書')).toBe('これで横書きの article 相当の文書');
    expect(joinLine('the river', 'quality')).toBe('the river quality');
  });
});
