import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { SearchProject, SearchProjectCommand } from '@lectern/application';
import { ApiErrors } from '../core/api-errors.decorator';
import { ProjectRoute } from '../auth/access.decorator';
import { SearchRequestDto } from './dto/search.request.dto';
import { SearchResponseDto } from './dto/search.response.dto';

@ApiTags('search')
@Controller('projects/:projectId/search')
export class SearchController {
  constructor(private readonly searchProject: SearchProject) {}

  @Post()
  @ProjectRoute('student')
  @HttpCode(200)
  @ApiBody({ type: SearchRequestDto })
  @ApiOkResponse({ type: SearchResponseDto, description: 'The best contexts for the query, best first.' })
  @ApiErrors({
    400: 'The body is invalid, or the query has nothing to search for.',
    404: 'No project with this id, or an id of articleIds is not an article of this project.',
    409: "The project's corpus was embedded with another model.",
  })
  search(@Param('projectId') projectId: string, @Body() dto: SearchRequestDto): Promise<SearchResponseDto> {
    return this.searchProject.execute(
      SearchProjectCommand.create({ projectId, query: dto.query, mode: dto.mode, k: dto.k, articleIds: dto.articleIds }),
    );
  }
}
