/**
 * A corpus of hand-written articles for answer specs: each section a list of paragraphs (one context each), stored
 * with the offline lexical embedder through the corpus's own insert, as the ingest pipeline stores parsed papers.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CorpusDb, type ContextKind } from '@lectern/corpus';
import { LexicalEmbedder } from '@lectern/embeddings';
import { TiktokenCounter } from '@lectern/text';

export interface FixtureSection {
  number: string;
  title: string;
  page: number;
  paragraphs: string[];
  kind?: ContextKind;
}

export interface FixtureArticle {
  title: string;
  sections: FixtureSection[];
}

export interface ArticleCorpus {
  corpus: CorpusDb;
  embedder: LexicalEmbedder;
  /** Article id by title. */
  articleIds: Map<string, string>;
  dispose(): void;
}

export async function buildArticleCorpus(articles: FixtureArticle[]): Promise<ArticleCorpus> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-answer-fixture-'));
  const embedder = new LexicalEmbedder();
  const corpus = CorpusDb.open(path.join(dir, 'corpus.sqlite'), embedder);
  const counter = new TiktokenCounter();
  const articleIds = new Map<string, string>();
  for (const [i, article] of articles.entries()) {
    const texts = article.sections.flatMap((s) => s.paragraphs.map((p) => `${s.title}\n${p}`));
    const vectors = await embedder.embedDocuments(texts);
    let next = 0;
    const tokens = (text: string) => counter.count(text);
    const { articleId } = corpus.insertArticle({
      documentId: `doc-${i}`,
      title: article.title,
      authors: [],
      abstract: '',
      datePublished: null,
      journal: null,
      doi: null,
      pageCount: Math.max(...article.sections.map((s) => s.page)),
      numTokens: texts.reduce((sum, t) => sum + tokens(t), 0),
      embeddingModel: embedder.modelId,
      sections: article.sections.map((section) => ({
        number: section.number,
        title: section.title,
        level: 1,
        numTokens: section.paragraphs.reduce((sum, p) => sum + tokens(p), 0),
        contexts: section.paragraphs.map((text) => ({
          text,
          pageNumber: section.page,
          kind: section.kind ?? 'text',
          numTokens: tokens(text),
          stopReason: 'Section' as const,
          embedding: vectors[next++],
        })),
      })),
    });
    articleIds.set(article.title, articleId);
  }
  return {
    corpus,
    embedder,
    articleIds,
    dispose() {
      corpus.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
