import { Controller, Delete, Get, HttpCode, Param, Post, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { DocumentsService } from './documents.service';
import type { ContextResponseDto } from './dto/context.response.dto';
import type { DocumentResponseDto, UploadResponseDto } from './dto/document.response.dto';
import type { OutlineResponseDto } from './dto/outline.response.dto';

/** Most files one upload request may carry. */
const MAX_FILES_PER_UPLOAD = 500;

@Controller()
export class DocumentsController {
  constructor(private readonly service: DocumentsService) {}

  @Post('projects/:projectId/documents')
  @HttpCode(202)
  @UseInterceptors(FilesInterceptor('files', MAX_FILES_PER_UPLOAD))
  upload(
    @Param('projectId') projectId: string,
    @UploadedFiles() files: Express.Multer.File[] | undefined,
  ): Promise<UploadResponseDto> {
    return this.service.upload(projectId, files);
  }

  @Get('projects/:projectId/documents')
  list(@Param('projectId') projectId: string): DocumentResponseDto[] {
    return this.service.list(projectId);
  }

  @Get('documents/:id')
  get(@Param('id') id: string): DocumentResponseDto {
    return this.service.get(id);
  }

  /** The PDF itself, shown inline (the UI's source view); `?download=1` asks the browser to save it. */
  @Get('documents/:id/file')
  async file(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const { document, data } = await this.service.file(id);
    const disposition = res.req.query.download === '1' ? 'attachment' : 'inline';
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(document.filename)}`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Stored under its sha256: the bytes behind an id never change.
    res.setHeader('Cache-Control', 'private, max-age=86400, immutable');
    res.setHeader('ETag', `"${document.sha256}"`);
    if (res.req.headers['if-none-match'] === `"${document.sha256}"`) {
      res.status(304).end();
      return;
    }
    res.status(200).end(data);
  }

  @Get('projects/:projectId/contexts/:contextId')
  context(@Param('projectId') projectId: string, @Param('contextId') contextId: string): ContextResponseDto {
    return this.service.context(projectId, contextId);
  }

  /** Takes the document out of its project: its article, passages and stored PDF go too. */
  @Delete('documents/:id')
  @HttpCode(204)
  remove(@Param('id') id: string): Promise<void> {
    return this.service.remove(id);
  }

  @Post('documents/:id/retry')
  @HttpCode(202)
  retry(@Param('id') id: string): Promise<DocumentResponseDto> {
    return this.service.retry(id);
  }

  @Get('articles/:id/outline')
  outline(@Param('id') id: string): OutlineResponseDto {
    return this.service.outline(id);
  }
}
