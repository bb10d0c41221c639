import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ServiceHealth } from '@lectern/application';
import type { Request } from 'express';
import { ApiErrors } from '../core/api-errors.decorator';
import { version } from '../../../../package.json';
import { HealthResponseDto } from './dto/health.response.dto';
import { mayViewHealthDetails, redactUrl } from './health-access';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: ServiceHealth) {}

  @Get()
  @ApiOkResponse({
    type: HealthResponseDto,
    description: 'Up, for anyone; the version, embedder, parsers, LLM and worker (secrets redacted) only for a local caller.',
  })
  @ApiErrors({})
  async report(@Req() req: Request): Promise<HealthResponseDto> {
    if (!mayViewHealthDetails(req)) return { status: 'ok' };
    const details = await this.health.report();
    const services = Object.fromEntries(Object.entries(details.services).map(([name, s]) => [name, { ...s, url: redactUrl(s.url) }]));
    const llm = details.llm && { ...details.llm, baseUrl: redactUrl(details.llm.baseUrl) };
    return { status: 'ok', version, ...details, services, llm };
  }
}
