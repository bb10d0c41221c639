import { Controller, Get } from '@nestjs/common';
import { ServiceHealth } from '@lectern/application';
import { version } from '../../../../package.json';

@Controller('health')
export class HealthController {
  constructor(private readonly health: ServiceHealth) {}

  @Get()
  async report() {
    return { status: 'ok', version, ...(await this.health.report()) };
  }
}
