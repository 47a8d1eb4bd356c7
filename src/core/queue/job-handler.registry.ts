import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { JobDefinition, JobFailedFn, JobHandlerFn } from './job-definition';
import { JOB_FAILED_HANDLER, JOB_HANDLER } from './job-handler.decorator';

/** Finds every @JobHandler and @JobFailedHandler method once at start. */
@Injectable()
export class JobHandlerRegistry implements OnModuleInit {
  private readonly handlers = new Map<string, { def: JobDefinition<unknown>; fn: JobHandlerFn<unknown> }>();
  private readonly failureHandlers = new Map<string, JobFailedFn<unknown>>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const proto = Object.getPrototypeOf(instance);
      for (const method of this.scanner.getAllMethodNames(proto)) {
        const def = this.reflector.get<JobDefinition<unknown> | undefined>(JOB_HANDLER, proto[method]);
        if (def) {
          const key = keyOf(def.queue, def.name);
          if (this.handlers.has(key)) throw new Error(`Two handlers for job ${key}`);
          this.handlers.set(key, { def, fn: (proto[method] as JobHandlerFn<unknown>).bind(instance) });
        }
        const failed = this.reflector.get<JobDefinition<unknown> | undefined>(JOB_FAILED_HANDLER, proto[method]);
        if (failed) {
          const key = keyOf(failed.queue, failed.name);
          if (this.failureHandlers.has(key)) throw new Error(`Two failure handlers for job ${key}`);
          this.failureHandlers.set(key, (proto[method] as JobFailedFn<unknown>).bind(instance));
        }
      }
    }
  }

  get(queue: string, name: string): JobHandlerFn<unknown> | undefined {
    return this.handlers.get(keyOf(queue, name))?.fn;
  }

  /** What runs once a run of this job has failed for good (none for most jobs). */
  onFailed(queue: string, name: string): JobFailedFn<unknown> | undefined {
    return this.failureHandlers.get(keyOf(queue, name));
  }

  /** The definition a handler was declared with (retry pace for re-dispatched runs). */
  definition(queue: string, name: string): JobDefinition<unknown> | undefined {
    return this.handlers.get(keyOf(queue, name))?.def;
  }
}

const keyOf = (queue: string, name: string) => `${queue}:${name}`;
