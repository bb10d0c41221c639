import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { CreateProjectRequestDto } from './dto/create-project.request.dto';
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
}
