import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ExportService } from './export.service';

@Controller('projects/:projectId/export')
export class ExportController {
  constructor(private readonly service: ExportService) {}

  @Get()
  async download(@Param('projectId') projectId: string, @Res() res: Response): Promise<void> {
    const snapshot = await this.service.snapshot(projectId);
    res.setHeader('Content-Type', 'application/vnd.sqlite3');
    res.download(snapshot.file, snapshot.downloadName, () => void snapshot.dispose());
  }
}
