import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CreateProjectRequestDto, RenameProjectRequestDto } from './dto/create-project.request.dto';
import type { ProjectResponseDto } from './dto/project.response.dto';
import { ProjectsService } from './projects.service';

@Controller('projects')
export class ProjectsController {
  constructor(private readonly service: ProjectsService) {}

  @Post()
  create(@Body() dto: CreateProjectRequestDto): ProjectResponseDto {
    return this.service.create(dto.name);
  }

  @Get()
  list(): ProjectResponseDto[] {
    return this.service.list();
  }

  @Get(':id')
  get(@Param('id') id: string): ProjectResponseDto {
    return this.service.get(id);
  }

  @Patch(':id')
  rename(@Param('id') id: string, @Body() dto: RenameProjectRequestDto): ProjectResponseDto {
    return this.service.rename(id, dto.name);
  }

  /** The project with every document, article and stored PDF in it. */
  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id') id: string): Promise<void> {
    return this.service.remove(id);
  }
}
