import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { LoggerModule } from 'nestjs-pino';
import { AccessGuard } from './auth/access.guard';
import { NoBodyGuard } from './http/no-body.guard';
import { ConfigModule } from './config/config.module';
import { Runtime } from './config/runtime';
import { buildOrmOptions } from './database/mikro-orm.options';
import { HealthController } from './http/health.controller';
import { MailModule } from './mail/mail.module';
import { QueueModule } from './queue/queue.module';
import { SchedulingModule } from './scheduling/scheduling.module';
import { StorageModule } from './storage/storage.module';

/** What every domain module relies on: config, database, logging, queue, schedules, mail, files. */
@Module({})
export class CoreModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: CoreModule,
      global: true,
      imports: [
        ConfigModule.forRoot(runtime),
        LoggerModule.forRoot({
          // At `silent` no request line is ever written: mount no request-logger middleware (pino-http
          // and its AsyncLocalStorage context cost about 2-4% of a short list call). The app logger
          // still works (nestjs-pino falls back to its root logger outside a request context).
          ...(runtime.config.logLevel === 'silent' ? { forRoutes: [] } : {}),
          pinoHttp: {
            level: runtime.config.logLevel,
            autoLogging: { ignore: (req) => req.url === '/api/health' },
            redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
            serializers: { req: (r: { id: unknown; method: string; url: string }) => ({ id: r.id, method: r.method, url: r.url }) },
          },
        }),
        MikroOrmModule.forRoot(buildOrmOptions(runtime.databaseUrl)),
        QueueModule.forRoot(runtime),
        SchedulingModule.forRoot(runtime),
        MailModule.forRoot(runtime),
        StorageModule.forRoot(runtime),
      ],
      controllers: [HealthController],
      exports: [ConfigModule, QueueModule, SchedulingModule, MailModule, StorageModule],
    };
  }

  /** The HTTP applications' guards (not the CLI's), in order: access first, then undeclared bodies. */
  static guards() {
    return [
      { provide: APP_GUARD, useClass: AccessGuard },
      { provide: APP_GUARD, useClass: NoBodyGuard },
    ];
  }
}
