import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { SearchProject, SearchProjectCommand } from '@lectern/application';
import { SearchRequestDto } from './dto/search.request.dto';
import type { SearchResponseDto } from './dto/search.response.dto';

@Controller('projects/:projectId/search')
export class SearchController {
  constructor(private readonly searchProject: SearchProject) {}

  @Post()
  @HttpCode(200)
  search(@Param('projectId') projectId: string, @Body() dto: SearchRequestDto): Promise<SearchResponseDto> {
    return this.searchProject.execute(SearchProjectCommand.create({ projectId, query: dto.query, mode: dto.mode, k: dto.k }));
  }
}
