import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors } from '../core/api-errors.decorator';
import { ProjectRoute } from '../auth/access.decorator';
import { ExportService } from './export.service';

@ApiTags('export')
@Controller('projects/:projectId/export')
export class ExportController {
  constructor(private readonly service: ExportService) {}

  @Get()
  @ProjectRoute('instructor')
  @ApiOkResponse({
    description: "The project's corpus as one SQLite file (articles, sections, contexts with embeddings), as an attachment.",
    content: { 'application/vnd.sqlite3': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiQuery({
    name: 'withPdfs',
    required: false,
    enum: ['1'],
    description: '`1`: carry the PDFs too, so an import brings the source view along.',
  })
  @ApiErrors({ 404: 'No project with this id.' })
  async download(
    @Param('projectId') projectId: string,
    @Query('withPdfs') withPdfs: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const snapshot = await this.service.snapshot(projectId, withPdfs === '1');
    res.setHeader('Content-Type', 'application/vnd.sqlite3');
    res.download(snapshot.file, snapshot.downloadName, () => void snapshot.dispose());
  }
}
