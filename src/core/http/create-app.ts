import { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import { Logger } from 'nestjs-pino';
import { AppModule } from '../../app.module';
import { Runtime } from '../config/runtime';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter';
import { ADMIN_DIST, APP_VERSION } from '../paths';
import { mountAdmin } from './admin-static';
import { bodyParsers } from './body-parsers';
import { chain } from './chain';
import { appValidationPipe } from './one-or-many-body';
import { refuseUnsafeInput } from './safe-input';
import { compressResponses } from './compress-responses';

/** Builds the HTTP application exactly as production runs it; tests and benchmarks use it too. */
export async function createApp(
  runtime: Runtime,
  opts: { adminDist?: string; extraModules?: Type[] } = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(runtime, opts.extraModules), {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  // Express hashes every body for a weak ETag; no client here revalidates API answers, and on a
  // whole-group answer (megabytes) the hashing is a measurable share of the response time.
  app.set('etag', false);
  app.use(compressResponses());
  // Body parsers, unsafe input, cookies and security headers, in this order, as one layer (chain.ts).
  app.use(
    chain(bodyParsers(runtime.config.bodyLimit), refuseUnsafeInput, cookieParser(), (_req: Request, res: Response, next: NextFunction) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('X-Frame-Options', 'SAMEORIGIN');
      res.setHeader('Referrer-Policy', 'same-origin');
      next();
    }),
  );
  if (runtime.config.corsOrigins.length) {
    app.enableCors({ origin: runtime.config.corsOrigins, credentials: true, exposedHeaders: ['Content-Range'] });
  }
  app.useGlobalPipes(appValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());

  const doc = new DocumentBuilder()
    .setTitle('Auction back office API')
    .setVersion(APP_VERSION)
    .addCookieAuth('ar_session')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, doc), { jsonDocumentUrl: 'api/docs-json' });

  mountAdmin(app.getHttpAdapter().getInstance(), opts.adminDist ?? ADMIN_DIST);
  await app.init();
  return app;
}
