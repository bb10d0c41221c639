import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { memoryStorage } from 'multer';
import { LECTERN_CONFIG } from '@lectern/application';
import type { LecternConfig } from '@lectern/config';
import { DocumentsController } from './documents.controller';
import { DocumentsService } from './documents.service';

@Module({
  imports: [
    MulterModule.registerAsync({
      inject: [LECTERN_CONFIG],
      // The size limit is enforced while the body streams in, so an oversize file is never held in memory whole.
      // preservePath hands us the name as sent, so a name that is a path is refused rather than silently cut.
      useFactory: (config: LecternConfig) => ({
        storage: memoryStorage(),
        preservePath: true,
        limits: { fileSize: config.maxUploadBytes },
      }),
    }),
  ],
  controllers: [DocumentsController],
  providers: [DocumentsService],
})
export class DocumentsModule {}
