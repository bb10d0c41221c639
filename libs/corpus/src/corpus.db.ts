import type { BibReference } from '@lectern/common';
import type { CitationLinkRow } from './references.repository';
import type Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { ArticlesRepository } from './articles.repository';
import { ContextLookupRepository } from './context-lookup.repository';
import { ContextSearchRepository, type RankedContext, type SearchScope } from './context-search.repository';
import { exportCorpus, type ExportedDocument } from './corpus-export';
import { KeywordThread } from './keyword-thread';
import type {
  ArticleSummary,
  ArticleInput,
  ArticleRow,
  ContextDetail,
  ContextNeighbourhood,
  ContextRow,
  CorpusHit,
  CorpusStats,
  EmbeddingSpec,
  OutlineEntry,
  SectionPlace,
} from './corpus.types';
import { UNSEARCHED_KIND } from './corpus.types';
import { openDatabase } from './database';
import { EmbeddingModelMismatchError, MigrationError } from './errors';
import { migrationsDir, runMigrations } from './migrator';
import { reembedDatabase, type ReembedEmbedder, type ReembedOptions, type ReembedResult } from './reembed';
import { SIMHASH_SCHEME } from './simhash';
import { TermRarityReader, type TermRarity } from './term-rarity';
import { DEFAULT_VECTOR_SEARCH, SIMHASH_TABLE, tableExists, VECTOR_TABLE, VectorIndex, type VectorSearchSettings } from './vector-index';

export interface CorpusOpenOptions {
  /** Named in the re-embed hint of EmbeddingModelMismatchError. */
  projectName?: string;
  /** How large corpora are searched by vector (VECTOR_PREFILTER, VECTOR_RESCORE_CANDIDATES); defaults otherwise. */
  vectorSearch?: Partial<VectorSearchSettings>;
}

/** What only the search benches change or reach (CorpusDb.openForBench); the application never sets it. */
export interface BenchSeams extends Pick<CorpusOpenOptions, 'vectorSearch'> {
  /** The two keyword threads count a question's words each for itself, as before TermCountShare (the A/B's "before"). */
  countTermsApart?: boolean;
}

/** The vector leg's two passes on a large corpus, each callable alone (the search-tail profile times them apart). */
export type VectorPasses = Pick<VectorIndex, 'firstPass' | 'rescored'>;

const MODEL_KEY = 'embedding_model';
const DIMENSION_KEY = 'embedding_dimension';
const PREFILTER_KEY = 'vector_prefilter';

/** One project's corpus: articles → sections → contexts, with FTS5 and sqlite-vec indexes. */
export class CorpusDb {
  private readonly articles: ArticlesRepository;
  private readonly search: ContextSearchRepository;
  private readonly vectors: VectorIndex;
  private readonly lookup: ContextLookupRepository;
  private rarity: TermRarityReader | null = null;

  private constructor(
    private readonly db: Database.Database,
    readonly embedding: EmbeddingSpec,
    { vectorSearch = {}, countTermsApart = false }: BenchSeams = {},
  ) {
    this.vectors = new VectorIndex(db, embedding.dimension, { ...DEFAULT_VECTOR_SEARCH, ...vectorSearch });
    this.articles = new ArticlesRepository(db, this.vectors);
    const keywordThread = db.memory ? null : KeywordThread.for(db.name, countTermsApart ? { shareCounts: false } : {});
    this.search = new ContextSearchRepository(db, this.vectors, keywordThread);
    this.lookup = new ContextLookupRepository(db);
  }

  /**
   * Creates or migrates the corpus. The first open records the embedding model and creates the vector tables;
   * later opens with another model or dimension are refused.
   */
  static open(file: string, embedding: EmbeddingSpec, options: CorpusOpenOptions = {}): CorpusDb {
    const db = openDatabase(file);
    try {
      runMigrations(db, migrationsDir('corpus'));
      db.transaction(() => {
        const stored = readEmbeddingSpec(db);
        if (stored && (stored.modelId !== embedding.modelId || stored.dimension !== embedding.dimension)) {
          throw new EmbeddingModelMismatchError(stored, embedding, options.projectName);
        }
        if (!stored) {
          setMeta(db, MODEL_KEY, embedding.modelId);
          setMeta(db, DIMENSION_KEY, String(embedding.dimension));
        }
        if (needsVectorRebuild(db)) {
          // A new corpus, an imported export (vectors only in contexts.embedding) or codes of an older scheme.
          for (const statement of VectorIndex.dropStatements()) db.exec(statement);
          VectorIndex.create(db, embedding.dimension);
          rebuildVectorIndex(db, embedding.dimension);
          setMeta(db, PREFILTER_KEY, SIMHASH_SCHEME);
        }
      }).immediate();
    } catch (error) {
      db.close();
      throw error;
    }
    return new CorpusDb(db, embedding, { vectorSearch: options.vectorSearch });
  }

  /** For readers that must not write (export, inspection); the corpus must exist and have been opened before. */
  static openReadonly(file: string, options: Pick<CorpusOpenOptions, 'vectorSearch'> = {}): CorpusDb {
    return CorpusDb.readonlyWith(file, { vectorSearch: options.vectorSearch });
  }

  /**
   * Bench only: openReadonly with what only the search benches change (`seams`), and the vector leg's two passes
   * of the handle, each on its own. Without `countTermsApart` the corpus searches exactly as openReadonly's does.
   */
  static openForBench(file: string, seams: BenchSeams = {}): { corpus: CorpusDb; vectorPasses: VectorPasses } {
    const corpus = CorpusDb.readonlyWith(file, seams);
    return { corpus, vectorPasses: corpus.vectors };
  }

  private static readonlyWith(file: string, seams: BenchSeams): CorpusDb {
    const db = openDatabase(file, { readonly: true });
    const stored = tableExists(db, 'corpus_meta') ? readEmbeddingSpec(db) : null;
    if (!stored || needsVectorRebuild(db)) {
      db.close();
      throw new MigrationError(
        `${file} is not an initialised Lectern corpus (no embedding model or vector index); open it for writing once`,
      );
    }
    return new CorpusDb(db, stored, seams);
  }

  /**
   * Re-embeds every context of the corpus in `file` under another model and records it, so later opens need that
   * model (see reembedDatabase: staged in batches, resumable, then switched in one transaction). Close other
   * writable handles on this file first: their vector index would still have the old dimension.
   */
  static async reembed(file: string, embedder: ReembedEmbedder, options: ReembedOptions = {}): Promise<ReembedResult> {
    if (!existsSync(file)) throw new MigrationError(`${file} does not exist: there is no corpus to re-embed`);
    const db = openDatabase(file);
    try {
      runMigrations(db, migrationsDir('corpus'));
      const stored = readEmbeddingSpec(db);
      if (!stored) throw new MigrationError(`${file} is not an initialised Lectern corpus (no embedding model recorded)`);
      return await reembedDatabase(
        db,
        stored,
        embedder,
        (spec) => {
          setMeta(db, MODEL_KEY, spec.modelId);
          setMeta(db, DIMENSION_KEY, String(spec.dimension));
        },
        options,
      );
    } finally {
      db.close();
    }
  }

  insertArticle(input: ArticleInput): { articleId: string } {
    if (input.embeddingModel !== this.embedding.modelId) {
      throw new EmbeddingModelMismatchError(this.embedding, {
        modelId: input.embeddingModel,
        dimension: input.sections.find((s) => s.contexts.length > 0)?.contexts[0].embedding.length ?? 0,
      });
    }
    return this.articles.insert(input);
  }

  /** False when no such article exists. */
  deleteArticle(articleId: string): boolean {
    return this.articles.delete(articleId);
  }

  findArticleByDocument(documentId: string): ArticleRow | null {
    return this.articles.findByDocument(documentId);
  }

  getArticle(articleId: string): ArticleRow | null {
    return this.articles.findById(articleId);
  }

  /** Oldest first. */
  listArticles(): ArticleRow[] {
    return this.articles.list();
  }

  stats(): CorpusStats {
    return this.articles.stats();
  }

  /** Title, sections and contexts per article, for every article. */
  articleSummaries(): ArticleSummary[] {
    return this.lookup.articleSummaries();
  }

  /** Title, sections and contexts of one article; null when unknown. */
  articleSummary(articleId: string): ArticleSummary | null {
    return this.lookup.articleSummary(articleId);
  }

  /** One context with its section, article and box; null when unknown. */
  getContext(contextId: string): ContextDetail | null {
    return this.lookup.find(contextId);
  }

  /** The article's reference list in printed order; empty when it has none. */
  listReferences(articleId: string): BibReference[] {
    return this.articles.references.list(articleId);
  }

  /** In-text citation markers of the article resolved to its references. */
  citationLinks(articleId: string): CitationLinkRow[] {
    return this.articles.references.links(articleId);
  }

  /** The article's sections in reading order; empty for an unknown article. */
  outline(articleId: string): OutlineEntry[] {
    return this.articles.outline(articleId);
  }

  /** The article a section belongs to; null for an unknown section. */
  articleOfSection(sectionId: string): string | null {
    return this.lookup.section(sectionId)?.articleId ?? null;
  }

  /** A section's heading, level, parent and article, without its contexts or the article's outline; null when unknown. */
  section(sectionId: string): SectionPlace | null {
    return this.lookup.section(sectionId);
  }

  /** A section's contexts in reading order (the agent's `read`). */
  listSectionContexts(sectionId: string): ContextRow[] {
    return this.articles.sectionContexts(sectionId);
  }

  /** All of an article's contexts in reading order (parent expansion, `next`/`previous`). */
  listArticleContexts(articleId: string): ContextRow[] {
    return this.articles.articleContexts(articleId);
  }

  /**
   * The context and up to `before` / `after` contexts around it in its article's reading order (parent expansion);
   * null for an unknown context. Reads only those rows, however long the article.
   */
  contextNeighbourhood(contextId: string, before: number, after: number): ContextNeighbourhood | null {
    return this.articles.contextNeighbourhood(contextId, before, after);
  }

  /**
   * FTS5 BM25 over text and section titles; any user text is safe. Best first. On large corpora common words are
   * first scored only alongside rarer ones, with the same result (see KeywordIndex); `exact: true` runs the plain
   * query.
   */
  keywordSearch(query: string, k: number, options: CorpusSearchOptions = {}): CorpusHit[] {
    return this.search.keyword(query, k, options.exact ?? false, options);
  }

  /**
   * keywordSearch for a hybrid search: the same hits, computed on a worker thread on large corpora so that the
   * caller's vector search overlaps with it (see ContextSearchRepository.keywordConcurrently).
   */
  keywordSearchConcurrently(query: string, k: number, options: SearchScope = {}): Promise<CorpusHit[]> {
    return this.search.keywordConcurrently(query, k, options);
  }

  /**
   * Nearest contexts by cosine similarity (score = 1 − cosine distance), best first. Large corpora are searched
   * through a SimHash first pass with exact re-scoring (see VectorIndex); `exact: true` forces the full scan.
   */
  vectorSearch(vector: Float32Array, k: number, options: CorpusSearchOptions = {}): CorpusHit[] {
    return this.search.vector(vector, k, options.exact ?? false, options);
  }

  /** keywordSearchConcurrently's ranking by seq, not yet read into hits: hybrid search fuses before reading (`hits`). */
  keywordRankingConcurrently(query: string, k: number, options: SearchScope = {}): Promise<RankedContext[]> {
    return this.search.keywordRankingConcurrently(query, k, options);
  }

  /** vectorSearch's ranking by seq, not yet read into hits (see keywordRankingConcurrently). */
  vectorRanking(vector: Float32Array, k: number, options: CorpusSearchOptions = {}): RankedContext[] {
    return this.search.vectorRanking(vector, k, options.exact ?? false, options);
  }

  /** The hits of a ranking, in its order and with its scores; contexts removed since it was ranked are left out. */
  hits(ranked: readonly RankedContext[]): CorpusHit[] {
    return this.search.hits(ranked);
  }

  /** Those of `articleIds` that are not articles of this corpus (a scoped search names only its own). */
  unknownArticles(articleIds: readonly string[]): string[] {
    return articleIds.filter((id) => !this.articles.findById(id));
  }

  /** How many contexts hold each word (FTS5 tokenisation, counts capped): what makes a question's term rare here. */
  termRarity(words: readonly string[]): TermRarity {
    this.rarity ??= new TermRarityReader(this.search);
    return this.rarity.read(words);
  }

  /** A snapshot that opens without sqlite-vec, listing `documents` (see exportCorpus). Overwrites `file`. */
  exportTo(file: string, documents: ExportedDocument[] = []): void {
    exportCorpus(this.db, file, documents);
  }

  close(): void {
    this.search.close();
    if (this.db.open) this.db.close();
  }
}

/** `exact` forces the reference scan; `articleIds` keeps only those articles' contexts (scored exactly). */
export interface CorpusSearchOptions extends SearchScope {
  exact?: boolean;
}

function setMeta(db: Database.Database, key: string, value: string): void {
  db.prepare('INSERT OR REPLACE INTO corpus_meta (key, value) VALUES (?, ?)').run(key, value);
}

function needsVectorRebuild(db: Database.Database): boolean {
  const scheme = db.prepare('SELECT value FROM corpus_meta WHERE key = ?').pluck().get(PREFILTER_KEY);
  return scheme !== SIMHASH_SCHEME || !tableExists(db, VECTOR_TABLE) || !tableExists(db, SIMHASH_TABLE);
}

function readEmbeddingSpec(db: Database.Database): EmbeddingSpec | null {
  const rows = db.prepare('SELECT key, value FROM corpus_meta WHERE key IN (?, ?)').all(MODEL_KEY, DIMENSION_KEY) as Array<{
    key: string;
    value: string;
  }>;
  const meta = new Map(rows.map((row) => [row.key, row.value]));
  const modelId = meta.get(MODEL_KEY);
  const dimension = meta.get(DIMENSION_KEY);
  return modelId !== undefined && dimension !== undefined ? { modelId, dimension: Number(dimension) } : null;
}

function rebuildVectorIndex(db: Database.Database, dimension: number): void {
  const vectors = new VectorIndex(db, dimension);
  // Pages through by seq: better-sqlite3 cannot write while a statement iterator is open.
  // A table of contents is never searched (corpus migration 0007).
  const page = db.prepare(
    `SELECT seq, embedding FROM contexts WHERE seq > ? AND embedding IS NOT NULL AND kind != '${UNSEARCHED_KIND}' ORDER BY seq LIMIT 1000`,
  );
  let after = 0;
  for (;;) {
    const rows = page.all(after) as Array<{ seq: number; embedding: Buffer }>;
    if (rows.length === 0) return;
    // Copy: a Buffer's byteOffset need not be 4-aligned.
    for (const row of rows) vectors.add(row.seq, new Float32Array(new Uint8Array(row.embedding).buffer));
    after = rows[rows.length - 1].seq;
  }
}
