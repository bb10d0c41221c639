import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CorpusDb, type ArticleInput } from '@lectern/corpus';
import { LexicalEmbedder } from '@lectern/embeddings';
import { SearchService } from '@lectern/retrieval';
import { AT_THE_EDGE, PaperReader, type PaperReaderCorpus } from './paper.reader';

/** A book-like outline in reading order: [number, level, has text]. Chapter 2 has no text of its own. */
const OUTLINE: Array<[string, number, boolean]> = [
  ['1', 1, true],
  ['1.1', 2, true],
  ['1.1.1', 3, true],
  ['1.2', 2, true],
  ['2', 1, false],
  ['2.1', 2, true],
  ['3', 1, true],
];

describe(PaperReader.name, () => {
  const embedder = new LexicalEmbedder({ dimension: 64 });
  let dir: string;
  let corpus: CorpusDb;
  let articleId: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-paper-reader-'));
    corpus = CorpusDb.open(path.join(dir, 'corpus.sqlite'), { modelId: embedder.modelId, dimension: embedder.dimension });
    const sections: ArticleInput['sections'] = [];
    for (const [number, level, hasText] of OUTLINE) {
      const texts = hasText ? [`Section ${number} opens here.`, `Section ${number} closes here.`] : [];
      const vectors = await embedder.embedDocuments(texts);
      sections.push({
        number,
        title: `Part ${number}`,
        level,
        numTokens: 10 * texts.length,
        contexts: texts.map((text, i) => ({
          text,
          pageNumber: 1,
          kind: 'text',
          numTokens: 5,
          stopReason: 'Section',
          embedding: vectors[i],
        })),
      });
    }
    articleId = corpus.insertArticle({
      documentId: 'book',
      title: 'A Nested Book',
      authors: [],
      abstract: '',
      datePublished: null,
      journal: null,
      doi: null,
      pageCount: 1,
      numTokens: 0,
      embeddingModel: embedder.modelId,
      sections,
    }).articleId;
  });

  afterAll(() => {
    corpus.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const reader = () => new PaperReader({ corpus, search: new SearchService(corpus, embedder), searchMode: 'keyword', readTokens: 1000 });

  it('lists the outline as a tree, each subsection indented under its parent', () => {
    const lines = reader().outline(articleId).content.split('\n').slice(1);
    expect(lines.map((l) => /^ */.exec(l)?.[0].length)).toEqual([0, 2, 4, 2, 0, 2, 0]);
    expect(lines.map((l) => /§(\S+)/.exec(l)?.[1])).toEqual(OUTLINE.map(([n]) => n));
  });

  it('reads on in reading order across levels with next() and back with previous(), skipping sections without text', () => {
    const r = reader();
    const at = (out: { content: string }) => /^§(\S+)/.exec(out.content)?.[1];
    const forward = [at(r.jump('1', articleId))];
    for (let i = 0; i < 5; i++) forward.push(at(r.next()));
    expect(forward).toEqual(['1', '1.1', '1.1.1', '1.2', '2.1', '3']);
    expect(r.next().content).toContain(AT_THE_EDGE);
    const back: Array<string | undefined> = [];
    for (let i = 0; i < 5; i++) back.push(at(r.previous()));
    expect(back).toEqual(['2.1', '1.2', '1.1.1', '1.1', '1']);
    expect(r.previous().content).toContain(AT_THE_EDGE);
  });

  it('reads on read_page a passage that started on an earlier page and runs onto the one asked for', async () => {
    const text = 'A paragraph opens on page two and runs on. Its second half is printed on page three.';
    const [embedding] = await embedder.embedDocuments([text]);
    const context = { text, pageNumber: 2, pageStarts: [{ offset: text.indexOf('Its second'), page: 3 }], kind: 'text' as const };
    const bookId = corpus.insertArticle({
      documentId: 'long-paragraph',
      title: 'A Book of Long Paragraphs',
      authors: [],
      abstract: '',
      datePublished: null,
      journal: null,
      doi: null,
      pageCount: 3,
      numTokens: 20,
      embeddingModel: embedder.modelId,
      sections: [
        { number: '1', title: 'One', level: 1, numTokens: 20, contexts: [{ ...context, numTokens: 20, stopReason: 'Section', embedding }] },
      ],
    }).articleId;
    expect(reader().readPage(bookId, 3).content).toContain(text);
    expect(reader().readPage(bookId, 2).content).toContain(text);
    expect(() => reader().readPage(bookId, 1)).toThrow(/has no text on page 1/);
  });

  it('refuses outline, read, read_page, next and previous on a paper outside its scope, naming the scope', () => {
    const r = new PaperReader({
      corpus,
      search: new SearchService(corpus, embedder),
      searchMode: 'keyword',
      readTokens: 1000,
      scope: ['other'],
    });
    const refusal = /^refused: .* is outside the papers this question is scoped to; the papers in scope: other$/;
    expect(r.articleIds()).toEqual([]);
    expect(() => r.outline(articleId)).toThrow(refusal);
    expect(() => r.jump('1', articleId)).toThrow(refusal);
    expect(() => r.jump(corpus.outline(articleId)[0].id)).toThrow(refusal);
    expect(() => r.readPage(articleId, 1)).toThrow(refusal);
    r.cursor = { articleId, sectionId: corpus.outline(articleId)[0].id, nextContext: 0 };
    expect(() => r.next()).toThrow(refusal);
    expect(() => r.previous()).toThrow(refusal);
  });

  it("refuses a section id of a paper outside its scope by the section's article, never loading that paper's outline", () => {
    const outlined: string[] = [];
    const watched: PaperReaderCorpus = {
      listArticles: () => corpus.listArticles(),
      getArticle: (id) => corpus.getArticle(id),
      outline: (id) => {
        outlined.push(id);
        return corpus.outline(id);
      },
      articleOfSection: (id) => corpus.articleOfSection(id),
      listSectionContexts: (id) => corpus.listSectionContexts(id),
      listArticleContexts: (id) => corpus.listArticleContexts(id),
    };
    const r = new PaperReader({
      corpus: watched,
      search: new SearchService(corpus, embedder),
      searchMode: 'keyword',
      readTokens: 1000,
      scope: ['other'],
    });
    const section = corpus.outline(articleId)[1];
    expect(() => r.jump(section.id)).toThrow(
      `refused: section "${section.id}" (article ${articleId}) is outside the papers this question is scoped to; the papers in scope: other`,
    );
    expect(outlined).toEqual([]);
    expect(corpus.articleOfSection('no-such-section')).toBeNull();
  });
});
