import { Module } from '@nestjs/common';
import { findWebAssets } from './web-assets';
import { WebController } from './web.controller';
import { WEB_ASSETS } from './web.tokens';

@Module({
  controllers: [WebController],
  providers: [{ provide: WEB_ASSETS, useFactory: () => findWebAssets() }],
  exports: [WEB_ASSETS],
})
export class WebModule {}
