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
  /** Bytes the index keeps on disk (and so in the OS page cache when warm); absent for in-memory systems. */
  diskBytes?(): number;
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

/** Like flattenContexts, texts only (a keyword-only index needs no vector copies). */
export function flattenTexts(articles: ArticleInput[]): Array<{ id: string; text: string }> {
  return articles.flatMap((article) =>
    article.sections.flatMap((section, s) =>
      section.contexts.map((context, c) => ({
        id: `${article.documentId}:${s}:${c}`,
        text: Buffer.from(context.text, 'utf8').toString('utf8'),
      })),
    ),
  );
}

/**
 * Lectern as shipped: on-disk SQLite (FTS5 + sqlite-vec), queried through SearchService. With `prebuiltFile` it
 * opens a corpus the search bench built from the same seeded articles instead of building it again.
 */
export class LecternSystem implements BenchSystem {
  readonly name = 'Lectern';
  readonly modes = PEER_MODES;
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-peers-'));
  private corpus?: CorpusDb;
  private service?: SearchService;

  constructor(
    private readonly embedder: Embedder,
    private readonly prebuiltFile?: string,
  ) {}

  private get file(): string {
    return this.prebuiltFile ?? path.join(this.dir, 'corpus.sqlite');
  }

  async build(articles: ArticleInput[]): Promise<void> {
    this.corpus = CorpusDb.open(this.file, this.embedder);
    for (const article of articles) this.corpus.insertArticle(article);
    this.service = new SearchService(this.corpus, this.embedder);
  }

  async search(mode: PeerMode, query: string): Promise<number> {
    const hits = await this.service!.search(query, { mode: mode === 'vector' ? 'standard' : mode, k: DEFAULT_SEARCH_K });
    return hits.length;
  }

  diskBytes(): number {
    return ['', '-wal'].reduce((sum, suffix) => sum + (fs.statSync(this.file + suffix, { throwIfNoEntry: false })?.size ?? 0), 0);
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
    await this.index(flattenContexts(articles));
  }

  async index(contexts: Array<{ id: string; text: string; embedding: Float32Array }>): Promise<void> {
    this.db = createOrama(this.embedder.dimension);
    // Orama validates vectors with Array.isArray, so documents carry number[] (its index keeps a Float32Array too).
    const docs = contexts.map((c) => ({ id: c.id, text: c.text, embedding: Array.from(c.embedding) }));
    await insertMultiple(this.db, docs, 1000);
  }

  async search(mode: PeerMode, query: string): Promise<number> {
    return (await this.searchIds(mode, query, DEFAULT_SEARCH_K)).length;
  }

  /** The ids of the best `k` contexts, best first. */
  async searchIds(mode: PeerMode, query: string, k: number): Promise<string[]> {
    const db = this.db!;
    if (mode === 'keyword') {
      return (await oramaSearch(db, { term: query, properties: ['text'], limit: k })).hits.map((hit) => hit.id);
    }
    const vector = { value: await this.embedder.embedQuery(query), property: 'embedding' };
    const result =
      mode === 'vector'
        ? await oramaSearch(db, { mode: 'vector', vector, similarity: 0, limit: k })
        : await oramaSearch(db, { mode: 'hybrid', term: query, vector, similarity: 0, limit: k });
    return result.hits.map((hit) => hit.id);
  }

  close(): void {
    this.db = undefined;
  }
}

function createOrama(dimension: number) {
  return create({ schema: { id: 'string', text: 'string', embedding: `vector[${dimension}]` } as const });
}

/**
 * Gives every text an empty vector: the corpus for a keyword-only system, whose generation would otherwise spend
 * minutes and gigabytes on vectors it never reads. The texts (and so the index) are the same as for the others.
 */
export class TextOnlyEmbedder implements Embedder {
  readonly modelId = 'none';
  readonly dimension = 0;
  readonly maxTokens = Number.MAX_SAFE_INTEGER;

  async embedDocuments(texts: string[]): Promise<Float32Array[]> {
    return texts.map(() => new Float32Array(0));
  }

  async embedQuery(): Promise<Float32Array> {
    return new Float32Array(0);
  }
}

/** MiniSearch in memory: BM25 keyword search only (default options: OR of terms, no prefix or fuzzy). */
export class MiniSearchSystem implements BenchSystem {
  readonly name = 'MiniSearch';
  readonly modes: readonly PeerMode[] = ['keyword'];
  private index?: MiniSearch<{ id: string; text: string }>;

  async build(articles: ArticleInput[]): Promise<void> {
    this.indexTexts(flattenTexts(articles));
  }

  indexTexts(contexts: Array<{ id: string; text: string }>): void {
    this.index = new MiniSearch<{ id: string; text: string }>({ fields: ['text'] });
    this.index.addAll(contexts);
  }

  async search(_mode: PeerMode, query: string): Promise<number> {
    return (await this.searchIds('keyword', query, DEFAULT_SEARCH_K)).length;
  }

  /** The ids of the best `k` contexts by BM25, best first. */
  async searchIds(_mode: PeerMode, query: string, k: number): Promise<string[]> {
    return this.index!.search(query)
      .slice(0, k)
      .map((hit) => String(hit.id));
  }

  close(): void {
    this.index = undefined;
  }
}
