import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../core/api-errors.decorator';
import { AdminOnly, ProjectRoute, SignedIn } from '../auth/access.decorator';
import { Auth } from '../auth/auth.request';
import type { Principal } from '@lectern/application';
import { CreateProjectRequestDto, RenameProjectRequestDto } from './dto/create-project.request.dto';
import { ProjectResponseDto } from './dto/project.response.dto';
import { ProjectsService } from './projects.service';

@ApiTags('projects')
@Controller('projects')
export class ProjectsController {
  constructor(private readonly service: ProjectsService) {}

  @Post()
  @AdminOnly()
  @ApiBody({ type: CreateProjectRequestDto })
  @ApiCreatedResponse({ type: ProjectResponseDto, description: 'The new project.' })
  @ApiErrors({ 400: 'The name is missing, blank, too long or has control characters.', 409: 'A project already has this name.' })
  create(@Auth() auth: Principal, @Body() dto: CreateProjectRequestDto): ProjectResponseDto {
    return this.service.create(auth, dto.name);
  }

  @Get()
  @SignedIn()
  @ApiOkResponse({
    type: [ProjectResponseDto],
    description: 'The projects you are a member of (an admin: every project), with their document counts.',
  })
  @ApiErrors({})
  list(@Auth() auth: Principal): ProjectResponseDto[] {
    return this.service.list(auth);
  }

  @Get(':id')
  @ProjectRoute('student', { project: 'id' })
  @ApiOkResponse({ type: ProjectResponseDto, description: 'The project with its stats.' })
  @ApiErrors({ 404: 'No project with this id.' })
  get(@Param('id') id: string): ProjectResponseDto {
    return this.service.get(id);
  }

  @Patch(':id')
  @ProjectRoute('owner', { project: 'id' })
  @ApiBody({ type: RenameProjectRequestDto })
  @ApiOkResponse({ type: ProjectResponseDto, description: 'The renamed project.' })
  @ApiErrors({
    400: 'The name is missing, blank, too long or has control characters.',
    404: 'No project with this id.',
    409: 'Another project has this name.',
  })
  rename(@Auth() auth: Principal, @Param('id') id: string, @Body() dto: RenameProjectRequestDto): ProjectResponseDto {
    return this.service.rename(auth, id, dto.name);
  }

  /** The project with every document, article and stored PDF in it. */
  @Delete(':id')
  @ProjectRoute('owner', { project: 'id' })
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The project and everything in it are gone.' })
  @ApiErrors({ 404: 'No project with this id.' })
  remove(@Auth() auth: Principal, @Param('id') id: string): Promise<void> {
    return this.service.remove(auth, id);
  }
}
