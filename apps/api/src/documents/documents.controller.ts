import { Controller, Delete, Get, HttpCode, Param, Post, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiConsumes,
  ApiNoContentResponse,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiErrors } from '../core/api-errors.decorator';
import { ProjectRoute } from '../auth/access.decorator';
import { Auth } from '../auth/auth.request';
import type { Principal } from '@lectern/application';
import { UploadRejectedResponseDto } from '../core/dto/error.response.dto';
import { DocumentsService } from './documents.service';
import { ContextResponseDto } from './dto/context.response.dto';
import { DocumentResponseDto, UploadResponseDto } from './dto/document.response.dto';
import { OutlineResponseDto } from './dto/outline.response.dto';
import { SectionContextsResponseDto } from './dto/section-contexts.response.dto';

/** Most files multer lets through at all (its parts limit); MAX_UPLOAD_FILES, lower, is checked as they stream in. */
const MAX_FILES_PER_UPLOAD = 1000;

@ApiTags('documents')
@Controller()
export class DocumentsController {
  constructor(private readonly service: DocumentsService) {}

  @Post('projects/:projectId/documents')
  @ProjectRoute('instructor')
  @HttpCode(202)
  @UseInterceptors(FilesInterceptor('files', MAX_FILES_PER_UPLOAD))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    description: 'One or more PDFs (at most MAX_UPLOAD_FILES, default 500) in the `files` field.',
    schema: {
      type: 'object',
      properties: { files: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: MAX_FILES_PER_UPLOAD } },
      required: ['files'],
    },
  })
  @ApiAcceptedResponse({
    type: UploadResponseDto,
    description: 'The files are stored and queued; duplicates return the existing document; refused files are listed.',
  })
  @ApiErrors({
    400: 'No files, more than MAX_UPLOAD_FILES files, or a field other than `files`.',
    404: 'No project with this id.',
    413: 'The request is larger than MAX_REQUEST_MB in all (a file over MAX_UPLOAD_MB is refused alone, 422).',
    422: { description: 'Every file was refused (not a PDF, a bad name, …): each with its reason.', type: UploadRejectedResponseDto },
  })
  upload(@Param('projectId') projectId: string, @UploadedFiles() files: Express.Multer.File[] | undefined): Promise<UploadResponseDto> {
    return this.service.upload(projectId, files);
  }

  @Get('projects/:projectId/documents')
  @ProjectRoute('student')
  @ApiOkResponse({ type: [DocumentResponseDto], description: 'Every document of the project with its status.' })
  @ApiErrors({ 404: 'No project with this id.' })
  list(@Param('projectId') projectId: string): DocumentResponseDto[] {
    return this.service.list(projectId);
  }

  @Get('documents/:id')
  @ProjectRoute('student', { document: 'id' })
  @ApiOkResponse({ type: DocumentResponseDto })
  @ApiErrors({ 404: 'No document with this id.' })
  get(@Param('id') id: string): DocumentResponseDto {
    return this.service.get(id);
  }

  /** The PDF itself, shown inline (the UI's source view); `?download=1` asks the browser to save it. */
  @Get('documents/:id/file')
  @ProjectRoute('student', { document: 'id' })
  @ApiQuery({ name: 'download', required: false, enum: ['1'], description: '`1`: `Content-Disposition: attachment` instead of inline.' })
  @ApiOkResponse({ description: 'The PDF as uploaded.', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotModifiedResponse({ description: "The ETag (the file's SHA-256) matches `If-None-Match`." })
  @ApiErrors({ 404: 'No document with this id or its stored file.' })
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
  @ProjectRoute('student')
  @ApiOkResponse({ type: ContextResponseDto, description: 'The context with its section, article and place on the page.' })
  @ApiErrors({ 404: 'No project, or no context with this id in it.' })
  context(@Param('projectId') projectId: string, @Param('contextId') contextId: string): ContextResponseDto {
    return this.service.context(projectId, contextId);
  }

  /** Takes the document out of its project: its article, passages and stored PDF go too. */
  @Delete('documents/:id')
  @ProjectRoute('instructor', { document: 'id' })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The document, its article, passages and stored PDF are gone.' })
  @ApiErrors({ 404: 'No document with this id.' })
  remove(@Auth() auth: Principal, @Param('id') id: string): Promise<void> {
    return this.service.remove(auth, id);
  }

  @Post('documents/:id/retry')
  @ProjectRoute('instructor', { document: 'id' })
  @HttpCode(202)
  @ApiAcceptedResponse({ type: DocumentResponseDto, description: 'The document, queued again.' })
  @ApiErrors({ 404: 'No document with this id.', 409: 'The document is not failed: only a failed document can be retried.' })
  retry(@Param('id') id: string): Promise<DocumentResponseDto> {
    return this.service.retry(id);
  }

  @Get('articles/:id/outline')
  @ProjectRoute('student', { article: 'id' })
  @ApiOkResponse({ type: OutlineResponseDto, description: 'The article and its sections in reading order.' })
  @ApiErrors({ 404: 'No article with this id.' })
  outline(@Param('id') id: string): OutlineResponseDto {
    return this.service.outline(id);
  }

  /** One section's passages for programs (the agentic `/explore` users): the outline names the sections, this reads one. */
  @Get('articles/:id/sections/:sectionId/contexts')
  @ProjectRoute('student', { article: 'id' })
  @ApiOkResponse({
    type: SectionContextsResponseDto,
    description: "The section's heading, level and parent, and its contexts in reading order.",
  })
  @ApiErrors({
    400: 'The section id is not an id (letters, digits, `_` and `-`, at most 64).',
    404: 'No article with this id, or no section with this id in it.',
  })
  sectionContexts(@Param('id') id: string, @Param('sectionId') sectionId: string): SectionContextsResponseDto {
    return this.service.sectionContexts(id, sectionId);
  }
}
