import type { ParsedArticle, ParsedBlock, ParsedSection } from '@lectern/parsing';
import { chunkArticle } from './article.chunker';
import { DEFAULT_CONTEXT_MAX_TOKENS } from './chunked-article';
import { InvalidContextBudgetError } from './errors';
import { TiktokenCounter } from '@lectern/text';

const counter = new TiktokenCounter();

function article(sections: ParsedSection[]): ParsedArticle {
  return {
    title: 'Construction of the Literature Graph in Semantic Scholar',
    authors: ['Waleed Ammar', 'Dirk Groeneveld'],
    abstract: 'We describe a deployed scalable system.',
    datePublished: '2018-06-01',
    journal: 'NAACL-HLT',
    doi: '10.18653/v1/N18-3011',
    pageCount: 8,
    sections,
    parsers: ['grobid'],
  };
}

function section(number: string, blocks: ParsedBlock[], title = `Section ${number}`): ParsedSection {
  return { number, title, level: number.split('.').length, blocks };
}

const text = (value: string, page = 1): ParsedBlock => ({ text: value, page, kind: 'text' });
const sentence = (i: number) => `Sentence number ${i} describes the literature graph and its entity linking edges.`;

describe(chunkArticle.name, () => {
  it('packs short paragraphs of a section into one context joined by a blank line, keeping where the next page starts', () => {
    const result = chunkArticle(article([section('1', [text('First paragraph.', 2), text('Second paragraph.', 3)])]), {
      maxTokens: DEFAULT_CONTEXT_MAX_TOKENS,
      counter,
    });
    expect(result.sections[0].contexts).toEqual([
      {
        text: 'First paragraph.\n\nSecond paragraph.',
        pageNumber: 2,
        kind: 'text',
        numTokens: counter.count('First paragraph.\n\nSecond paragraph.'),
        stopReason: 'Section',
        pageStarts: [{ offset: 'First paragraph.\n\n'.length, page: 3 }],
      },
    ]);
  });

  it("carries a paragraph's own page breaks into its context, shifted to where the paragraph sits", () => {
    const second = 'It runs on. Here page four begins.';
    const blocks = [text('Opening.', 3), { ...text(second, 3), pageStarts: [{ offset: second.indexOf('Here'), page: 4 }] }];
    const [context] = chunkArticle(article([section('1', blocks)]), { maxTokens: 512, counter }).sections[0].contexts;
    expect(context.pageNumber).toBe(3);
    expect(context.pageStarts).toEqual([{ offset: context.text.indexOf('Here'), page: 4 }]);
  });

  it('gives a context cut from the middle of a paragraph the page its first sentence is printed on', () => {
    const sentences = Array.from({ length: 12 }, (_, i) => sentence(i));
    const paragraph = sentences.join(' ');
    const breakAt = paragraph.indexOf(sentences[6]);
    const block = { ...text(paragraph, 5), pageStarts: [{ offset: breakAt, page: 6 }] };
    const contexts = chunkArticle(article([section('1', [block])]), {
      maxTokens: counter.count(sentences.slice(0, 4).join(' ')) + 2,
      counter,
    }).sections[0].contexts;
    expect(contexts.length).toBeGreaterThan(2);
    for (const context of contexts) {
      // Each context's pages, read back through its own page starts, agree with where its sentences sit in the paragraph.
      const start = paragraph.indexOf(context.text);
      expect(context.pageNumber).toBe(start >= breakAt ? 6 : 5);
      const crossing = start < breakAt && start + context.text.length > breakAt;
      expect(context.pageStarts).toEqual(crossing ? [{ offset: breakAt - start, page: 6 }] : undefined);
    }
    expect(contexts.at(-1)!.pageNumber).toBe(6);
  });

  it('gives a paragraph that skips a page (a float page between its halves) the page it resumes on', () => {
    const paragraph = 'Before the figure page the text was. After it the text goes on.';
    const block = { ...text(paragraph, 7), pageStarts: [{ offset: paragraph.indexOf('After'), page: 9 }] };
    const [context] = chunkArticle(article([section('1', [block])]), { maxTokens: 512, counter }).sections[0].contexts;
    expect(context.pageStarts).toEqual([{ offset: paragraph.indexOf('After'), page: 9 }]);
  });

  it('never lets a context cross a section boundary', () => {
    const result = chunkArticle(article([section('1', [text('Intro text.')]), section('2', [text('Method text.')])]), {
      maxTokens: 512,
      counter,
    });
    expect(result.sections.map((s) => s.contexts.map((c) => c.text))).toEqual([['Intro text.'], ['Method text.']]);
    expect(result.sections.map((s) => s.contexts[0].stopReason)).toEqual(['Section', 'Section']);
  });

  it('starts a new context when the next paragraph would exceed the budget, marking the earlier one Token limit', () => {
    const paragraph = Array.from({ length: 3 }, (_, i) => sentence(i)).join(' ');
    const maxTokens = counter.count(paragraph) + 5;
    const result = chunkArticle(article([section('1', [text(paragraph, 1), text(paragraph, 2), text(paragraph, 4)])]), {
      maxTokens,
      counter,
    });
    const contexts = result.sections[0].contexts;
    expect(contexts.map((c) => c.text)).toEqual([paragraph, paragraph, paragraph]);
    expect(contexts.map((c) => c.pageNumber)).toEqual([1, 2, 4]);
    expect(contexts.map((c) => c.stopReason)).toEqual(['Token limit', 'Token limit', 'Section']);
  });

  it('splits a paragraph larger than the budget at sentence boundaries', () => {
    const sentences = Array.from({ length: 12 }, (_, i) => sentence(i));
    const result = chunkArticle(article([section('1', [text(sentences.join(' '))])]), { maxTokens: 64, counter });
    const contexts = result.sections[0].contexts;
    expect(contexts.length).toBeGreaterThan(1);
    for (const context of contexts) {
      expect(context.numTokens).toBeLessThanOrEqual(64);
      expect(sentences.some((s) => context.text.startsWith(s))).toBe(true);
      expect(context.text.endsWith('edges.')).toBe(true);
    }
    expect(contexts.map((c) => c.text).join(' ')).toBe(sentences.join(' '));
  });

  it('splits a sentence larger than the budget at word boundaries', () => {
    const longSentence = `${Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ')}.`;
    const contexts = chunkArticle(article([section('1', [text(longSentence)])]), { maxTokens: 32, counter }).sections[0].contexts;
    expect(contexts.length).toBeGreaterThan(3);
    expect(contexts.every((c) => c.numTokens <= 32)).toBe(true);
    expect(contexts.map((c) => c.text).join(' ')).toBe(longSentence);
  });

  it('cuts a single word larger than the budget into slices that keep every character', () => {
    const sequence = 'ACGTTGCAAGCTTTAGGC'.repeat(30);
    const contexts = chunkArticle(article([section('1', [text(`Primer ${sequence} was used.`)])]), {
      maxTokens: 32,
      counter,
    }).sections[0].contexts;
    expect(contexts.every((c) => c.numTokens <= 32)).toBe(true);
    expect(
      contexts
        .map((c) => c.text)
        .join('')
        .replace(/\s+/g, ''),
    ).toBe(`Primer${sequence}wasused.`);
  });

  it('keeps tables, equations and figure captions as contexts of their own, never merged with prose', () => {
    const blocks: ParsedBlock[] = [
      text('Before the table.', 3),
      { text: '| model | F1 |\n|---|---|\n| CRF | 0.81 |', page: 3, kind: 'table' },
      { text: 'L = \\max(d(P, P^+) - d(P, P^-) + m, 0)', page: 4, kind: 'equation' },
      text('Between.', 4),
      text('Still between.', 4),
      { text: 'Figure 1: Part of the literature graph.', page: 5, kind: 'figure_caption' },
      text('After.', 5),
    ];
    const contexts = chunkArticle(article([section('2', blocks)]), { maxTokens: 512, counter }).sections[0].contexts;
    expect(contexts.map((c) => [c.kind, c.text, c.pageNumber])).toEqual([
      ['text', 'Before the table.', 3],
      ['table', '| model | F1 |\n|---|---|\n| CRF | 0.81 |', 3],
      ['equation', 'L = \\max(d(P, P^+) - d(P, P^-) + m, 0)', 4],
      ['text', 'Between.\n\nStill between.', 4],
      ['figure_caption', 'Figure 1: Part of the literature graph.', 5],
      ['text', 'After.', 5],
    ]);
    expect(contexts.map((c) => c.stopReason)).toEqual([...Array(5).fill('Token limit'), 'Section']);
  });

  it('splits an oversized table at row boundaries, each part still a table context', () => {
    const rows = Array.from({ length: 40 }, (_, i) => `| entity ${i} | ${i * 3} | ${(i / 7).toFixed(3)} |`);
    const table = ['| name | count | score |', '|---|---|---|', ...rows].join('\n');
    const contexts = chunkArticle(article([section('3', [{ text: table, page: 6, kind: 'table' }])]), {
      maxTokens: 64,
      counter,
    }).sections[0].contexts;
    expect(contexts.length).toBeGreaterThan(1);
    expect(contexts.every((c) => c.kind === 'table' && c.numTokens <= 64 && c.pageNumber === 6)).toBe(true);
    expect(contexts.map((c) => c.text).join('\n')).toBe(table);
  });

  it('makes every reference its own context in the references section', () => {
    const references = [text('Ammar et al. 2017. The AI2 system.', 8), text('Daumé. 2007. Frustratingly easy.', 8)];
    const contexts = chunkArticle(article([section('ref', references, 'References')]), { maxTokens: 512, counter }).sections[0].contexts;
    expect(contexts.map((c) => c.text)).toEqual(references.map((r) => r.text));
    expect(contexts.map((c) => c.stopReason)).toEqual(['Token limit', 'Section']);
  });

  it('keeps a section without blocks as a heading with zero contexts and zero tokens', () => {
    const result = chunkArticle(article([section('2', [], 'Structure'), section('2.1', [text('Node types.')])]), {
      maxTokens: 512,
      counter,
    });
    expect(result.sections[0]).toEqual({ number: '2', title: 'Structure', level: 1, numTokens: 0, contexts: [] });
    expect(result.sections[1].level).toBe(2);
  });

  it('ignores blank blocks', () => {
    const result = chunkArticle(article([section('1', [text('  '), text('Only this.'), text('\n')])]), {
      maxTokens: 512,
      counter,
    });
    expect(result.sections[0].contexts.map((c) => c.text)).toEqual(['Only this.']);
  });

  it('sums context tokens into sections and section tokens into the article, and copies the metadata', () => {
    const result = chunkArticle(article([section('1', [text(sentence(1)), text(sentence(2))]), section('2', [text(sentence(3))])]), {
      maxTokens: 32,
      counter,
    });
    for (const s of result.sections) {
      expect(s.numTokens).toBe(s.contexts.reduce((sum, c) => sum + c.numTokens, 0));
    }
    expect(result.numTokens).toBe(result.sections[0].numTokens + result.sections[1].numTokens);
    expect(result).toMatchObject({ title: article([]).title, doi: '10.18653/v1/N18-3011', pageCount: 8 });
    expect(result.authors).toEqual(['Waleed Ammar', 'Dirk Groeneveld']);
  });

  it.each([0, 31, 64.5, Number.NaN, -512])('rejects maxTokens %p with a RangeError that names the rule', (maxTokens) => {
    const run = () => chunkArticle(article([]), { maxTokens, counter });
    expect(run).toThrow(RangeError);
    expect(run).toThrow(InvalidContextBudgetError);
    expect(run).toThrow(/maxTokens must be an integer >= 32/);
  });
});
