import { Injectable } from '@nestjs/common';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ExportProject, ExportProjectCommand } from '@lectern/application';

export interface CorpusSnapshot {
  file: string;
  downloadName: string;
  /** Removes the temporary snapshot once it has been sent. */
  dispose(): Promise<void>;
}

/** A download is a snapshot in a temporary folder, removed once sent. */
@Injectable()
export class ExportService {
  constructor(private readonly exportProject: ExportProject) {}

  async snapshot(projectId: string, withPdfs = false): Promise<CorpusSnapshot> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-export-'));
    try {
      const { project, file } = await this.exportProject.execute(
        ExportProjectCommand.create({ projectId, file: path.join(dir, 'corpus.sqlite'), withPdfs }),
      );
      return {
        file,
        downloadName: `${safeName(project.name)}.sqlite`,
        dispose: () => fs.rm(dir, { recursive: true, force: true }),
      };
    } catch (error) {
      await fs.rm(dir, { recursive: true, force: true });
      throw error;
    }
  }
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'corpus';
}
