import type { ParsedArticle } from '@lectern/parsing';
import { chunkArticle } from './article.chunker';
import type { ChunkedArticle } from './chunked-article';
import { splitSentences } from '@lectern/text';
import { TiktokenCounter } from '@lectern/text';
import { GROBID_CORPUS_NAMES, loadTeiArticle } from './testing/tei-article.fixture';

const counter = new TiktokenCounter();
const BUDGETS = [32, 100, 256, 512, 8192];
const articles: Array<[string, ParsedArticle]> = GROBID_CORPUS_NAMES.map((name) => [name, loadTeiArticle(name)]);

const cache = new Map<string, ChunkedArticle>();
/** Each (paper, budget) is chunked once and shared by the property checks below. */
function chunked(name: string, parsed: ParsedArticle, maxTokens: number): ChunkedArticle {
  const key = `${name}@${maxTokens}`;
  if (!cache.has(key)) cache.set(key, chunkArticle(parsed, { maxTokens, counter }));
  return cache.get(key) as ChunkedArticle;
}
const words = (text: string) => text.split(/\s+/).filter((word) => word.length > 0);

describe(`${chunkArticle.name} on the GROBID corpus`, () => {
  it('reads several real papers with text, equations and references', () => {
    expect(articles.length).toBeGreaterThanOrEqual(7);
    const kinds = new Set(articles.flatMap(([, a]) => a.sections.flatMap((s) => s.blocks.map((b) => b.kind))));
    expect([...kinds].sort()).toEqual(['equation', 'figure_caption', 'table', 'text']);
  });

  describe.each(BUDGETS)('with maxTokens %i', (maxTokens) => {
    it.each(articles)('keeps every context of %s within the budget, with an exact token count', (name, parsed) => {
      for (const context of chunked(name, parsed, maxTokens).sections.flatMap((s) => s.contexts)) {
        expect(context.numTokens).toBeLessThanOrEqual(maxTokens);
        expect(context.numTokens).toBe(counter.count(context.text));
        expect(context.text.trim()).toBe(context.text);
        expect(context.text.length).toBeGreaterThan(0);
      }
    });

    it.each(articles)('loses no word of %s and keeps the reading order', (name, parsed) => {
      const result = chunked(name, parsed, maxTokens);
      expect(result.sections.map((s) => s.number)).toEqual(parsed.sections.map((s) => s.number));
      parsed.sections.forEach((section, i) => {
        const contexts = result.sections[i].contexts;
        const blockText = section.blocks.map((b) => b.text).join(' ');
        const contextText = contexts.map((c) => c.text).join(' ');
        // A whitespace-free run longer than the budget is sliced, so compare characters first, then words.
        expect(contextText.replace(/\s+/g, '')).toBe(blockText.replace(/\s+/g, ''));
        const slicedAWord = words(blockText).some((word) => counter.count(word) > maxTokens);
        if (!slicedAWord) expect(words(contextText)).toEqual(words(blockText));
      });
    });

    it.each(articles)('ends each section of %s with a Section context and sums tokens upward', (name, parsed) => {
      const result = chunked(name, parsed, maxTokens);
      for (const section of result.sections) {
        const reasons = section.contexts.map((c) => c.stopReason);
        if (reasons.length > 0) expect(reasons.pop()).toBe('Section');
        expect(reasons.every((r) => r === 'Token limit')).toBe(true);
        expect(section.numTokens).toBe(section.contexts.reduce((sum, c) => sum + c.numTokens, 0));
      }
      expect(result.numTokens).toBe(result.sections.reduce((sum, s) => sum + s.numTokens, 0));
    });
  });

  it('puts each reference in its own context and never mixes prose with other kinds', () => {
    for (const [name, parsed] of articles) {
      const result = chunked(name, parsed, 8192);
      const references = parsed.sections.find((s) => s.number === 'ref');
      const chunkedReferences = result.sections.find((s) => s.number === 'ref');
      expect(chunkedReferences?.contexts.map((c) => c.text)).toEqual(references?.blocks.map((b) => b.text));
      for (const [i, section] of parsed.sections.entries()) {
        const nonProse = section.blocks.filter((b) => b.kind !== 'text').map((b) => [b.kind, b.text]);
        const nonProseContexts = result.sections[i].contexts.filter((c) => c.kind !== 'text').map((c) => [c.kind, c.text]);
        expect(nonProseContexts).toEqual(nonProse);
      }
    }
  });

  it('packs prose up to the budget: a Token limit context plus the first piece of its successor would not fit', () => {
    const maxTokens = 256;
    for (const [name, parsed] of articles) {
      chunked(name, parsed, maxTokens).sections.forEach((section, s) => {
        const blockTexts = new Set(parsed.sections[s].blocks.map((b) => b.text));
        section.contexts.slice(0, -1).forEach((context, i) => {
          const next = section.contexts[i + 1];
          if (context.kind !== 'text' || next.kind !== 'text' || parsed.sections[s].number === 'ref') return;
          // The successor starts with a whole paragraph, or (for an oversized one) a sentence, or a word.
          const paragraph = next.text.split('\n\n')[0];
          const sentence = splitSentences(paragraph)[0];
          const firstPiece = blockTexts.has(paragraph)
            ? paragraph
            : counter.count(sentence) <= maxTokens
              ? sentence
              : paragraph.split(/\s+/)[0];
          expect(context.numTokens + counter.count(firstPiece)).toBeGreaterThan(maxTokens - 2);
        });
      });
    }
  });
});
