import 'reflect-metadata';
import { ConsoleLogger, INestApplication, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LecternConfig } from '@lectern/config';
import * as path from 'node:path';
import { AppModule } from './app.module';
import { refuseCrossSite, securityHeaders } from './auth/security.middleware';
import { LecternExceptionFilter } from './core/exception.filter';
import { allowOnlyHosts, rejectDeepJson } from './guards/request-guards';
import { serveOpenApi } from './openapi/openapi.document';
import { WEB_ASSETS } from './web/web.tokens';

/** Builds the Nest app with the one global pipe and filter; tests and `lectern serve` share it. */
export async function createApp(config: LecternConfig, options: { logs?: boolean } = {}): Promise<INestApplication> {
  // Quiet apps (tests) still print errors: a 500 must never pass without its stack being seen.
  const logger =
    options.logs === false
      ? new ConsoleLogger({ logLevels: ['error', 'fatal'], colors: false })
      : new ConsoleLogger({ json: config.logFormat === 'json', colors: config.logFormat === 'text' && process.stdout.isTTY === true });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), { logger, bodyParser: true });
  app.use(allowOnlyHosts(config.allowedHosts));
  app.disable('x-powered-by');
  // A reverse proxy on this machine may say the request came over HTTPS (the session cookie is then Secure).
  app.set('trust proxy', 'loopback');
  app.use(securityHeaders());
  app.use(refuseCrossSite(config));
  if (config.auth.corsOrigins.length > 0) app.enableCors({ origin: [...config.auth.corsOrigins], credentials: true });
  // A chat may carry 50 messages of 20,000 characters (up to ~3 bytes each in UTF-8); express's default is 100 kB.
  app.useBodyParser('json', { limit: '8mb' });
  app.use(rejectDeepJson);
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  app.useGlobalFilters(new LecternExceptionFilter(config.maxUploadBytes));
  // Before the UI's static files, so nothing there can shadow /docs or /openapi.json.
  serveOpenApi(app);
  serveWebAssets(app, app.get<string | null>(WEB_ASSETS));
  app.enableShutdownHooks();
  return app;
}

/** The UI's hashed bundles never change under one name; the few unhashed files (favicon) are revalidated hourly. */
function serveWebAssets(app: NestExpressApplication, webDir: string | null): void {
  if (!webDir) return;
  app.useStaticAssets(path.join(webDir, 'assets'), { prefix: '/assets/', immutable: true, maxAge: '365d', index: false });
  app.useStaticAssets(webDir, { index: false, maxAge: '1h', redirect: false });
}
