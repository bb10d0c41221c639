import 'reflect-metadata';
import { ConsoleLogger, INestApplication, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { LecternConfig } from '@lectern/config';
import { AppModule } from './app.module';
import { LecternExceptionFilter } from './core/exception.filter';

/** Builds the Nest app with the one global pipe and filter; tests and `lectern serve` share it. */
export async function createApp(config: LecternConfig, options: { logs?: boolean } = {}): Promise<INestApplication> {
  const logger =
    options.logs === false
      ? false
      : new ConsoleLogger({ json: config.logFormat === 'json', colors: config.logFormat === 'text' && process.stdout.isTTY === true });
  const app = await NestFactory.create(AppModule.register(config), { logger, bodyParser: true });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  app.useGlobalFilters(new LecternExceptionFilter(config.maxUploadBytes));
  app.enableShutdownHooks();
  return app;
}
