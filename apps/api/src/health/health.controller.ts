import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceHealth, type Principal } from '@lectern/application';
import { Auth } from '../auth/auth.request';
import type { Request } from 'express';
import { ApiErrors } from '../core/api-errors.decorator';
import { Public } from '../auth/access.decorator';
import { version } from '../../../../package.json';
import { HealthResponseDto } from './dto/health.response.dto';
import { mayViewHealthDetails, redactUrl } from './health-access';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: ServiceHealth) {}

  @Get()
  @Public()
  @ApiOkResponse({
    type: HealthResponseDto,
    description: 'Up, for anyone; the version, embedder, parsers, LLM and worker (secrets redacted) only for a local caller.',
  })
  @ApiErrors({})
  async report(@Req() req: Request, @Auth() caller: Principal | null): Promise<HealthResponseDto> {
    if (!mayViewHealthDetails(req, caller)) return { status: 'ok' };
    const details = await this.health.report();
    const services = Object.fromEntries(Object.entries(details.services).map(([name, s]) => [name, { ...s, url: redactUrl(s.url) }]));
    const llm = details.llm && { ...details.llm, baseUrl: redactUrl(details.llm.baseUrl) };
    return { status: 'ok', version, ...details, services, llm };
  }
}
