import { Module } from '@nestjs/common';
import * as path from 'node:path';
import { MulterModule } from '@nestjs/platform-express';
import { LECTERN_CONFIG } from '@lectern/application';
import type { LecternConfig } from '@lectern/config';
import { DocumentsController } from './documents.controller';
import { DocumentsService } from './documents.service';
import { TempFileStorage } from './upload-storage';

@Module({
  imports: [
    MulterModule.registerAsync({
      inject: [LECTERN_CONFIG],
      // Files stream to temp files with the limits enforced as they arrive (upload-storage.ts).
      // preservePath hands us the name as sent, so a name that is a path is refused rather than silently cut.
      useFactory: (config: LecternConfig) => ({
        storage: new TempFileStorage({
          tempDir: path.join(config.dataDir, 'tmp'),
          maxFileBytes: config.maxUploadBytes,
          maxRequestBytes: config.maxRequestBytes,
          maxFiles: config.maxUploadFiles,
        }),
        preservePath: true,
      }),
    }),
  ],
  controllers: [DocumentsController],
  providers: [DocumentsService],
})
export class DocumentsModule {}
