import { Controller, Get, HttpCode, Param, Post, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { DocumentsService } from './documents.service';
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

  @Post('documents/:id/retry')
  @HttpCode(202)
  retry(@Param('id') id: string): DocumentResponseDto {
    return this.service.retry(id);
  }

  @Get('articles/:id/outline')
  outline(@Param('id') id: string): OutlineResponseDto {
    return this.service.outline(id);
  }
}
