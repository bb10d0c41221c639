import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceHealth } from '@lectern/application';
import { ApiErrors } from '../core/api-errors.decorator';
import { Public } from '../auth/access.decorator';
import { version } from '../../../../package.json';
import { HealthResponseDto } from './dto/health.response.dto';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: ServiceHealth) {}

  @Get()
  @Public()
  @ApiOkResponse({ type: HealthResponseDto, description: 'The version, embedder, parsers, LLM and worker this server runs with.' })
  @ApiErrors({})
  async report() {
    return { status: 'ok', version, ...(await this.health.report()) };
  }
}
