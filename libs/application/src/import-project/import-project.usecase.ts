import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { nanoid } from 'nanoid';
import { ConflictError } from '@lectern/common';
import type { LecternConfig } from '@lectern/config';
import { CorpusDb, CorpusImportSource, ProjectNameTakenError, type CatalogDb, type EmbeddingSpec, type ProjectRow } from '@lectern/corpus';
import type { ConfiguredEmbedder, CorpusRegistry } from '@lectern/ingest';
import { documentObjectKey, type ObjectStore } from '@lectern/storage';
import { ReembedProjectCommand } from '../reembed-project/reembed-project.command';
import type { ReembedListener, ReembedOutcome, ReembedProject } from '../reembed-project/reembed-project.usecase';
import type { ImportProjectCommand } from './import-project.command';

/** The export was embedded with another model than the configured one, and the caller asked not to re-embed. */
export class ImportNeedsReembedError extends ConflictError {
  override readonly name = 'ImportNeedsReembedError';
  constructor(file: string, name: string, stored: EmbeddingSpec, configured: EmbeddingSpec) {
    super(
      `import refused: the export was embedded with "${stored.modelId}" (${stored.dimension} dimensions) but this instance ` +
        `embeds with "${configured.modelId}" (${configured.dimension} dimensions); run \`lectern import ${file} --project ${name}\` ` +
        `without --no-reembed to import and re-embed it, or set EMBEDDING_MODEL=${stored.modelId} to use its vectors as they are`,
    );
  }
}

export interface ImportOutcome {
  project: ProjectRow;
  stats: { articles: number; contexts: number; documents: number; pdfs: number };
  /** The model the export's vectors come from. */
  embedding: EmbeddingSpec;
  /** Set when the export's model is not the configured one: the re-embed running in the background. */
  reembedding: Promise<ReembedOutcome> | null;
}

/**
 * Makes a new project from a corpus export (`lectern import`, `POST /projects/import`): the file is checked as untrusted
 * input and its rows copied into a fresh corpus built by Lectern's migrations (see CorpusImportSource), the catalog
 * gets one ready document per article, and the PDFs the export carries go to the object store. Nothing is re-parsed;
 * nothing is re-embedded unless the configured model differs. A failure leaves no project, file or object behind.
 */
export class ImportProject {
  constructor(
    private readonly config: LecternConfig,
    private readonly catalog: CatalogDb,
    private readonly corpora: Pick<CorpusRegistry, 'fileOf'>,
    private readonly store: ObjectStore,
    private readonly embedder: ConfiguredEmbedder,
    private readonly reembed: ReembedProject,
  ) {}

  async execute(command: ImportProjectCommand, listener: ReembedListener = {}): Promise<ImportOutcome> {
    if (this.catalog.projects.findByName(command.name)) throw new ProjectNameTakenError(command.name);
    const projectId = nanoid();
    const staging = path.join(this.config.dataDir, 'tmp', `import-${projectId}`);
    const corpusDir = path.dirname(this.corpora.fileOf(projectId));
    const stored: string[] = [];
    let committed = false;
    await fs.mkdir(staging, { recursive: true });
    const source = await Promise.resolve()
      .then(() => CorpusImportSource.open(command.file, staging, { maxBytes: this.config.importMaxBytes, maxRows: 5_000_000 }))
      .catch(async (error: unknown) => {
        await fs.rm(staging, { recursive: true, force: true });
        throw error;
      });
    try {
      const { inspection } = source;
      const configured = { modelId: this.embedder.instance.modelId, dimension: this.embedder.instance.dimension };
      const sameModel = inspection.embedding.modelId === configured.modelId && inspection.embedding.dimension === configured.dimension;
      if (!sameModel && !command.reembed) throw new ImportNeedsReembedError(command.file, command.name, inspection.embedding, configured);

      const documentIds = new Map(inspection.documents.map((d) => [d.id, nanoid()]));
      const stagedCorpus = path.join(staging, 'corpus.sqlite');
      source.copyInto(stagedCorpus, documentIds);
      // Applies the migrations newer than the export and builds the vector index from the copied vectors.
      const corpus = CorpusDb.open(stagedCorpus, inspection.embedding, { projectName: command.name });
      const articles = new Map(corpus.listArticles().map((a) => [a.documentId, a]));
      corpus.close();

      let pdfs = 0;
      for (const document of inspection.documents) {
        const data = source.readPdf(document.sha256);
        if (!data) continue;
        const key = documentObjectKey(projectId, document.sha256);
        stored.push(key);
        await this.store.put(key, data, { contentType: 'application/pdf', sha256: document.sha256 });
        pdfs++;
      }
      source.close();

      await fs.mkdir(path.dirname(corpusDir), { recursive: true });
      await fs.rm(path.join(staging, 'source.sqlite'), { force: true });
      await fs.rename(staging, corpusDir);
      const project = this.catalog.transaction(() => {
        const created = this.catalog.projects.create(command.name, projectId);
        for (const document of inspection.documents) {
          const newId = documentIds.get(document.id) as string;
          const article = articles.get(newId);
          const row = this.catalog.documents.create(
            {
              projectId,
              sha256: document.sha256,
              filename: document.filename,
              sizeBytes: document.sizeBytes,
              storageKey: documentObjectKey(projectId, document.sha256),
            },
            newId,
          );
          this.catalog.documents.updateStatus(row.id, article ? 'ready' : 'failed', {
            articleId: article?.id ?? null,
            pageCount: document.pageCount,
            parsers: document.parsers,
            warnings: document.warnings,
            error: article ? null : 'imported without an article',
          });
        }
        return created;
      });
      committed = true;
      const reembedding = sameModel
        ? null
        : this.reembed.execute(ReembedProjectCommand.create({ projectId }), listener).then((outcome) => outcome);
      // A background re-embed's failure is the caller's to report; never an unhandled rejection.
      reembedding?.catch(() => undefined);
      return {
        project,
        stats: { articles: inspection.articles, contexts: inspection.contexts, documents: inspection.documents.length, pdfs },
        embedding: inspection.embedding,
        reembedding,
      };
    } finally {
      source.close();
      if (!committed) {
        await fs.rm(staging, { recursive: true, force: true });
        await fs.rm(corpusDir, { recursive: true, force: true });
        for (const key of stored) await this.store.delete(key).catch(() => undefined);
      }
    }
  }
}
