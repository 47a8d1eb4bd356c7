import { DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BullModule, getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { Runtime } from '../config/runtime';
import { BullQueueDriver } from './bull-queue.driver';
import { InProcessQueueDriver } from './in-process-queue.driver';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobRunner } from './job-runner';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';
import { QUEUE_DRIVER } from './queue-driver';
import { QUEUE_NAMES } from './queue-names';

/** Bull queues on Redis when there is one, else the in-process driver; the same JobsService either way. */
@Global()
@Module({})
export class QueueModule {
  static forRoot(runtime: Runtime): DynamicModule {
    const { redisUrl, config } = runtime;
    const driver = redisUrl
      ? {
          provide: QUEUE_DRIVER,
          useFactory: (...queues: Queue[]) => new BullQueueDriver(queues, config.jobConcurrency),
          inject: QUEUE_NAMES.map((n) => getQueueToken(n)),
        }
      : { provide: QUEUE_DRIVER, useFactory: () => new InProcessQueueDriver(config.jobConcurrency) };
    return {
      module: QueueModule,
      imports: [
        DiscoveryModule,
        ...(redisUrl
          ? [
              BullModule.forRoot({
                redis: redisUrl,
                prefix: config.queuePrefix,
                // A job whose worker died is redelivered once its lock expires, found by the next stalled check.
                settings: { lockDuration: config.jobLockSeconds * 1000, stalledInterval: config.jobLockSeconds * 1000 },
              }),
              BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
            ]
          : []),
      ],
      controllers: [JobsController],
      providers: [driver, JobHandlerRegistry, JobRunner, JobsService],
      exports: [JobsService],
    };
  }
}
