import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import MiniSearch from 'minisearch';
import { type ArticleInput, CorpusDb } from '@lectern/corpus';
import type { Embedder } from '@lectern/embeddings';
import { DEFAULT_SEARCH_K, SearchService } from '@lectern/retrieval';

/** The three query modes compared across systems; `vector` is Lectern's `standard`. */
export type PeerMode = 'keyword' | 'vector' | 'hybrid';
export const PEER_MODES: readonly PeerMode[] = ['keyword', 'vector', 'hybrid'];

/** One search engine under test: built once from the shared articles, then queried in the modes it supports. */
export interface BenchSystem {
  readonly name: string;
  readonly modes: readonly PeerMode[];
  build(articles: ArticleInput[]): Promise<void>;
  search(mode: PeerMode, query: string): Promise<number>;
  close(): void;
}

/**
 * Every context of every article with a stable id, as the system's own copy: the shared articles stay alive
 * during the run, so an in-memory index that kept references to them would hide their size from its memory delta.
 */
export function flattenContexts(articles: ArticleInput[]): Array<{ id: string; text: string; embedding: Float32Array }> {
  return articles.flatMap((article) =>
    article.sections.flatMap((section, s) =>
      section.contexts.map((context, c) => ({
        id: `${article.documentId}:${s}:${c}`,
        text: Buffer.from(context.text, 'utf8').toString('utf8'),
        embedding: new Float32Array(context.embedding),
      })),
    ),
  );
}

/** Lectern as shipped: on-disk SQLite (FTS5 + sqlite-vec), queried through SearchService. */
export class LecternSystem implements BenchSystem {
  readonly name = 'Lectern';
  readonly modes = PEER_MODES;
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-peers-'));
  private corpus?: CorpusDb;
  private service?: SearchService;

  constructor(private readonly embedder: Embedder) {}

  async build(articles: ArticleInput[]): Promise<void> {
    this.corpus = CorpusDb.open(path.join(this.dir, 'corpus.sqlite'), this.embedder);
    for (const article of articles) this.corpus.insertArticle(article);
    this.service = new SearchService(this.corpus, this.embedder);
  }

  async search(mode: PeerMode, query: string): Promise<number> {
    const hits = await this.service!.search(query, { mode: mode === 'vector' ? 'standard' : mode, k: DEFAULT_SEARCH_K });
    return hits.length;
  }

  close(): void {
    this.corpus?.close();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Orama v3 in memory: full-text (BM25), brute-force cosine vectors, and its own hybrid fusion.
 * `similarity: 0` because Orama drops vector hits under 0.8 by default, which would not be a top-k query.
 */
export class OramaSystem implements BenchSystem {
  readonly name = 'Orama';
  readonly modes = PEER_MODES;
  private db?: ReturnType<typeof createOrama>;

  constructor(private readonly embedder: Embedder) {}

  async build(articles: ArticleInput[]): Promise<void> {
    this.db = createOrama(this.embedder.dimension);
    // Orama validates vectors with Array.isArray, so documents carry number[] (its index keeps a Float32Array too).
    const docs = flattenContexts(articles).map((c) => ({ id: c.id, text: c.text, embedding: Array.from(c.embedding) }));
    await insertMultiple(this.db, docs, 1000);
  }

  async search(mode: PeerMode, query: string): Promise<number> {
    const db = this.db!;
    if (mode === 'keyword') {
      return (await oramaSearch(db, { term: query, properties: ['text'], limit: DEFAULT_SEARCH_K })).hits.length;
    }
    const vector = { value: await this.embedder.embedQuery(query), property: 'embedding' };
    const result =
      mode === 'vector'
        ? await oramaSearch(db, { mode: 'vector', vector, similarity: 0, limit: DEFAULT_SEARCH_K })
        : await oramaSearch(db, { mode: 'hybrid', term: query, vector, similarity: 0, limit: DEFAULT_SEARCH_K });
    return result.hits.length;
  }

  close(): void {
    this.db = undefined;
  }
}

function createOrama(dimension: number) {
  return create({ schema: { id: 'string', text: 'string', embedding: `vector[${dimension}]` } as const });
}

/** MiniSearch in memory: BM25 keyword search only (default options: OR of terms, no prefix or fuzzy). */
export class MiniSearchSystem implements BenchSystem {
  readonly name = 'MiniSearch';
  readonly modes: readonly PeerMode[] = ['keyword'];
  private index?: MiniSearch<{ id: string; text: string }>;

  async build(articles: ArticleInput[]): Promise<void> {
    this.index = new MiniSearch<{ id: string; text: string }>({ fields: ['text'] });
    this.index.addAll(flattenContexts(articles).map((c) => ({ id: c.id, text: c.text })));
  }

  async search(_mode: PeerMode, query: string): Promise<number> {
    return this.index!.search(query).slice(0, DEFAULT_SEARCH_K).length;
  }

  close(): void {
    this.index = undefined;
  }
}
