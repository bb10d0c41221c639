import { Inject, Injectable } from '@nestjs/common';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { IngestRuntime, ProjectNotFoundError } from '@lectern/ingest';
import { INGEST_RUNTIME } from '../core/tokens';

export interface CorpusSnapshot {
  file: string;
  downloadName: string;
  /** Removes the temporary snapshot once it has been sent. */
  dispose(): Promise<void>;
}

@Injectable()
export class ExportService {
  constructor(@Inject(INGEST_RUNTIME) private readonly runtime: IngestRuntime) {}

  async snapshot(projectId: string): Promise<CorpusSnapshot> {
    const project = this.runtime.catalog.projects.findById(projectId);
    if (!project) throw new ProjectNotFoundError(projectId);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-export-'));
    const file = path.join(dir, 'corpus.sqlite');
    try {
      this.runtime.corpora.get(projectId).exportTo(file);
    } catch (error) {
      await fs.rm(dir, { recursive: true, force: true });
      throw error;
    }
    return {
      file,
      downloadName: `${safeName(project.name)}.sqlite`,
      dispose: () => fs.rm(dir, { recursive: true, force: true }),
    };
  }
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'corpus';
}
