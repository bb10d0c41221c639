import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { SearchRequestDto } from './dto/search.request.dto';
import type { SearchResponseDto } from './dto/search.response.dto';
import { SearchService } from './search.service';

@Controller('projects/:projectId/search')
export class SearchController {
  constructor(private readonly service: SearchService) {}

  @Post()
  @HttpCode(200)
  search(@Param('projectId') projectId: string, @Body() dto: SearchRequestDto): Promise<SearchResponseDto> {
    return this.service.search(projectId, dto.query, dto.mode, dto.k);
  }
}
