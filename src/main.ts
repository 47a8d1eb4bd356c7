import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { INestApplicationContext } from '@nestjs/common';
import { AppModule } from './app.module';
import { bootLog, prepareDatabase, prepareRuntime } from './bootstrap';
import { ConfigError } from './core/config/env-schema';
import { createApp } from './core/http/create-app';

/** `npm start` (role all or api) and `npm run start:worker` (role worker, no HTTP). */
export async function main(): Promise<void> {
  const runtime = await prepareRuntime();
  await prepareDatabase(runtime);
  let app: INestApplicationContext;
  if (runtime.config.role === 'worker') {
    app = await NestFactory.createApplicationContext(AppModule.forRoot(runtime), { bufferLogs: true });
    await app.init();
    bootLog('worker started: processing jobs and schedules, no HTTP');
  } else {
    const http = await createApp(runtime);
    await http.listen(runtime.config.port, runtime.config.host);
    app = http;
    bootLog(`listening on http://localhost:${runtime.config.port} (admin at /ar, API docs at /api/docs)`);
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    bootLog(`${signal}: shutting down gracefully`);
    const force = setTimeout(() => process.exit(1), 25_000).unref();
    try {
      await app.close();
      await runtime.stopEmbedded?.();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

if (require.main === module) {
  main().catch((e) => {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
    } else {
      process.stderr.write(`fatal: ${e instanceof Error ? e.stack : e}\n`);
    }
    process.exit(1);
  });
}
