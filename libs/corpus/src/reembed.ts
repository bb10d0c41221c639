import type Database from 'better-sqlite3';
import type { EmbeddingSpec } from './corpus.types';
import { UNSEARCHED_KIND } from './corpus.types';
import { InvalidVectorError, MigrationError } from './errors';
import { tableExists, VectorIndex } from './vector-index';

/** Shaped like @lectern/embeddings' Embedder (corpus sits below embeddings, so it spells what it uses). */
export interface ReembedEmbedder {
  readonly modelId: string;
  readonly dimension: number;
  readonly maxTokens: number;
  embedDocuments(texts: string[]): Promise<Float32Array[]>;
  /** When the provider can count its own tokens, contexts longer than its window are reported. */
  readonly tokenCounter?: { count(text: string): number };
}

export interface ReembedProgress {
  /** Contexts embedded under the new model so far, including those staged by an interrupted earlier run. */
  done: number;
  total: number;
}

export interface ReembedOptions {
  /** Contexts per embedding call and per staging transaction (default 64). */
  batchSize?: number;
  onProgress?: (progress: ReembedProgress) => void;
}

export interface ReembedResult {
  from: EmbeddingSpec;
  to: EmbeddingSpec;
  contexts: number;
  /** Contexts found already staged by an interrupted run with the same target model, and not embedded again. */
  resumed: number;
  /** Contexts longer than the new model's window (embedded truncated); 0 when the embedder cannot count. */
  overLength: number;
}

const STAGING_TABLE = 'reembed_staging';
const TARGET_MODEL_KEY = 'reembed_target_model';
const TARGET_DIMENSION_KEY = 'reembed_target_dimension';

/**
 * Text a context is embedded from: its section title, then its text, as ingestion embeds it
 * (@lectern/ingest `textsToEmbed`), so re-embedded and newly ingested contexts share one space.
 */
export function reembedText(sectionTitle: string, text: string): string {
  return sectionTitle ? `${sectionTitle}\n${text}` : text;
}

/**
 * Re-embeds every context of an open corpus database under `embedder`, in two phases:
 * 1. staging: batches of new vectors go to `reembed_staging`, one transaction per batch, while the corpus keeps
 *    serving searches under the old model. An interrupted run resumes here (same target model) where it stopped.
 * 2. switch: one IMMEDIATE transaction recreates `contexts_vec` and the SimHash table for the new dimension,
 *    rewrites `contexts.embedding` / `embedding_model`, records the model via `recordSpec` and drops the staging.
 * Readers see either the old model everywhere or the new one everywhere.
 */
export async function reembedDatabase(
  db: Database.Database,
  from: EmbeddingSpec,
  embedder: ReembedEmbedder,
  recordSpec: (spec: EmbeddingSpec) => void,
  options: ReembedOptions = {},
): Promise<ReembedResult> {
  const to: EmbeddingSpec = { modelId: embedder.modelId, dimension: embedder.dimension };
  if (!Number.isInteger(to.dimension) || to.dimension < 1) throw new InvalidVectorError(`invalid target dimension ${to.dimension}`);
  const batchSize = Math.max(1, options.batchSize ?? 64);
  const resumed = prepareStaging(db, to);
  const total = db.prepare('SELECT COUNT(*) FROM contexts').pluck().get() as number;
  const pending = db.prepare(`
    SELECT c.seq, c.section_title AS sectionTitle, c.text FROM contexts c
    WHERE c.seq > ? AND NOT EXISTS (SELECT 1 FROM ${STAGING_TABLE} s WHERE s.seq = c.seq)
    ORDER BY c.seq LIMIT ?`);
  const stage = db.prepare(`INSERT OR REPLACE INTO ${STAGING_TABLE} (seq, embedding) VALUES (?, ?)`);
  const blobs = new VectorIndex(db, to.dimension);
  const stageBatch = db.transaction((rows: Array<{ seq: number }>, vectors: Float32Array[]) => {
    rows.forEach((row, i) => stage.run(row.seq, blobs.toBlob(vectors[i])));
  });

  let done = resumed;
  let overLength = 0;
  options.onProgress?.({ done, total });
  for (let after = 0; ;) {
    const rows = pending.all(after, batchSize) as Array<{ seq: number; sectionTitle: string; text: string }>;
    if (rows.length === 0) break;
    const texts = rows.map((row) => reembedText(row.sectionTitle, row.text));
    if (embedder.tokenCounter) overLength += texts.filter((t) => embedder.tokenCounter!.count(t) > embedder.maxTokens).length;
    const vectors = await embedder.embedDocuments(texts);
    if (vectors.length !== rows.length)
      throw new InvalidVectorError(`embedder returned ${vectors.length} vectors for ${rows.length} texts`);
    stageBatch(rows, vectors);
    done += rows.length;
    after = rows[rows.length - 1].seq;
    options.onProgress?.({ done, total });
  }

  db.transaction(() => switchModel(db, to, recordSpec)).immediate();
  return { from, to, contexts: total, resumed, overLength };
}

/** Creates the staging table, or keeps it when it was left by a run towards the same model; returns rows kept. */
function prepareStaging(db: Database.Database, to: EmbeddingSpec): number {
  return db
    .transaction(() => {
      const meta = db.prepare('SELECT value FROM corpus_meta WHERE key = ?').pluck();
      const sameTarget =
        tableExists(db, STAGING_TABLE) &&
        meta.get(TARGET_MODEL_KEY) === to.modelId &&
        meta.get(TARGET_DIMENSION_KEY) === String(to.dimension);
      if (sameTarget) return db.prepare(`SELECT COUNT(*) FROM ${STAGING_TABLE}`).pluck().get() as number;
      db.exec(`DROP TABLE IF EXISTS ${STAGING_TABLE}`);
      db.exec(`CREATE TABLE ${STAGING_TABLE} (seq INTEGER PRIMARY KEY, embedding BLOB NOT NULL)`);
      const setMeta = db.prepare('INSERT OR REPLACE INTO corpus_meta (key, value) VALUES (?, ?)');
      setMeta.run(TARGET_MODEL_KEY, to.modelId);
      setMeta.run(TARGET_DIMENSION_KEY, String(to.dimension));
      return 0;
    })
    .immediate();
}

function switchModel(db: Database.Database, to: EmbeddingSpec, recordSpec: (spec: EmbeddingSpec) => void): void {
  // Contexts ingested (under the old model) while staging ran have no new vector yet: the next run adds them.
  const missing = db
    .prepare(`SELECT COUNT(*) FROM contexts c WHERE NOT EXISTS (SELECT 1 FROM ${STAGING_TABLE} s WHERE s.seq = c.seq)`)
    .pluck()
    .get() as number;
  if (missing > 0) {
    throw new MigrationError(`${missing} contexts were added while re-embedding; run the re-embed again to finish`);
  }
  for (const statement of VectorIndex.dropStatements()) db.exec(statement);
  VectorIndex.create(db, to.dimension);
  db.prepare(
    `
    UPDATE contexts SET embedding = (SELECT s.embedding FROM ${STAGING_TABLE} s WHERE s.seq = contexts.seq),
      embedding_model = ?`,
  ).run(to.modelId);
  const vectors = new VectorIndex(db, to.dimension);
  // Pages by seq: better-sqlite3 cannot write while a statement iterator is open.
  // Every context is re-embedded (the check above counts them all), but a table of contents gets no vector (0007).
  const page = db.prepare(`
    SELECT s.seq, s.embedding FROM ${STAGING_TABLE} s JOIN contexts c ON c.seq = s.seq
    WHERE s.seq > ? AND c.kind != '${UNSEARCHED_KIND}' ORDER BY s.seq LIMIT 1000`);
  for (let after = 0; ;) {
    const rows = page.all(after) as Array<{ seq: number; embedding: Buffer }>;
    if (rows.length === 0) break;
    // Copy: a Buffer's byteOffset need not be 4-aligned.
    for (const row of rows) vectors.add(row.seq, new Float32Array(new Uint8Array(row.embedding).buffer));
    after = rows[rows.length - 1].seq;
  }
  recordSpec(to);
  db.exec(`DROP TABLE ${STAGING_TABLE}`);
  db.prepare('DELETE FROM corpus_meta WHERE key IN (?, ?)').run(TARGET_MODEL_KEY, TARGET_DIMENSION_KEY);
}
