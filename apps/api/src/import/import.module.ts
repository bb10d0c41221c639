import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { diskStorage } from 'multer';
import * as os from 'node:os';
import { LECTERN_CONFIG } from '@lectern/application';
import type { LecternConfig } from '@lectern/config';
import { ImportController } from './import.controller';
import { ImportService } from './import.service';

@Module({
  imports: [
    MulterModule.registerAsync({
      inject: [LECTERN_CONFIG],
      // An export can be gigabytes: it streams to a temporary file (removed after the import), never into memory.
      useFactory: (config: LecternConfig) => ({
        storage: diskStorage({ destination: os.tmpdir() }),
        limits: { fileSize: config.importMaxBytes, files: 1 },
      }),
    }),
  ],
  controllers: [ImportController],
  providers: [ImportService],
})
export class ImportModule {}
