import * as path from 'node:path';
import { isIdShaped } from '@lectern/common';
import { CorpusDb, type VectorSearchSettings } from '@lectern/corpus';

/** One open corpus database per project, opened on first use and shared by the API and the worker. */
export class CorpusRegistry {
  private readonly open = new Map<string, CorpusDb>();

  constructor(
    private readonly dataDir: string,
    private readonly embedding: { modelId: string; dimension: number },
    private readonly vectorSearch?: VectorSearchSettings,
  ) {}

  get(projectId: string): CorpusDb {
    let corpus = this.open.get(projectId);
    if (!corpus) {
      corpus = CorpusDb.open(this.fileOf(projectId), this.embedding, { vectorSearch: this.vectorSearch });
      this.open.set(projectId, corpus);
    }
    return corpus;
  }

  fileOf(projectId: string): string {
    // Project ids come from our catalog, but a corrupt row must still never name a path outside the data dir.
    if (!isIdShaped(projectId)) throw new Error(`invalid project id ${JSON.stringify(projectId)}`);
    return path.join(this.dataDir, 'projects', projectId, 'corpus.sqlite');
  }

  /** Closes the project's corpus if it is open (before its file is removed). */
  close(projectId: string): void {
    this.open.get(projectId)?.close();
    this.open.delete(projectId);
  }

  closeAll(): void {
    for (const corpus of this.open.values()) corpus.close();
    this.open.clear();
  }
}
