import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { promises as fs } from 'node:fs';
import { ImportProject, ImportProjectCommand } from '@lectern/application';
import type { ImportResponseDto } from './import.response.dto';

/** Hands an uploaded export to ImportProject; a re-embed it starts runs on in the background and is logged. */
@Injectable()
export class ImportService {
  private readonly logger = new Logger(ImportService.name);

  constructor(private readonly importProject: ImportProject) {}

  async create(file: Express.Multer.File | undefined, body: Record<string, unknown>): Promise<ImportResponseDto> {
    if (!file) throw new BadRequestException('file is required: a `lectern export` .sqlite file in the `file` field');
    try {
      const extra = Object.keys(body).filter((key) => key !== 'name' && key !== 'reembed');
      if (extra.length > 0) throw new BadRequestException(`unknown field ${extra.join(', ')}`);
      if (body.reembed !== undefined && body.reembed !== 'true' && body.reembed !== 'false') {
        throw new BadRequestException('reembed must be true or false');
      }
      const command = ImportProjectCommand.create({ file: file.path, name: String(body.name ?? ''), reembed: body.reembed !== 'false' });
      let tenth = -1;
      const outcome = await this.importProject.execute(command, {
        progress: ({ done, total }) => {
          const now = total === 0 ? 10 : Math.floor((done / total) * 10);
          if (now !== tenth) this.logger.log(`imported project "${command.name}": ${done}/${total} contexts re-embedded`);
          tenth = now;
        },
      });
      outcome.reembedding?.then(
        (result) => this.logger.log(`project ${outcome.project.id}: re-embed ${result.status}`),
        (error: unknown) => this.logger.error(`project ${outcome.project.id}: re-embed failed: ${String(error)}`),
      );
      return {
        id: outcome.project.id,
        name: outcome.project.name,
        createdAt: outcome.project.createdAt,
        articles: outcome.stats.articles,
        contexts: outcome.stats.contexts,
        documents: outcome.stats.documents,
        pdfs: outcome.stats.pdfs,
        embeddingModel: outcome.embedding.modelId,
        embeddingDimension: outcome.embedding.dimension,
        reembedding: outcome.reembedding !== null,
      };
    } finally {
      await fs.rm(file.path, { force: true });
    }
  }
}
