import { Body, Controller, HttpCode, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../core/api-errors.decorator';
import { AdminOnly } from '../auth/access.decorator';
import { ImportResponseDto } from './import.response.dto';
import { ImportService } from './import.service';

@ApiTags('projects')
@Controller('projects/import')
export class ImportController {
  constructor(private readonly service: ImportService) {}

  @Post()
  @AdminOnly()
  @HttpCode(201)
  @UseInterceptors(FileInterceptor('file'))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    description:
      "A `lectern export` file in `file`, the new project's `name`, and `reembed=false` to refuse an export of another embedding model.",
    schema: {
      type: 'object',
      properties: {
        file: { type: 'string', format: 'binary' },
        name: { type: 'string', minLength: 1, maxLength: 100 },
        reembed: { type: 'string', enum: ['true', 'false'] },
      },
      required: ['file', 'name'],
    },
  })
  @ApiCreatedResponse({ type: ImportResponseDto, description: 'The new project, with what was imported.' })
  @ApiErrors({
    400: 'No file, no name, or a bad field.',
    409: 'A project already has this name, or (`reembed=false`) the export was embedded with another model.',
    413: 'The file is larger than IMPORT_MAX_MB.',
    422: 'The file is not a Lectern corpus export Lectern can take (a trigger, a view, a wrong schema, a damaged or newer file).',
  })
  create(@UploadedFile() file: Express.Multer.File | undefined, @Body() body: Record<string, unknown>): Promise<ImportResponseDto> {
    return this.service.create(file, body);
  }
}
