import { DynamicModule, Global, Module } from '@nestjs/common';
import { Runtime } from './runtime';

export const APP_CONFIG = Symbol('APP_CONFIG');
export const RUNTIME = Symbol('RUNTIME');

/** Makes the validated configuration and the resolved runtime injectable everywhere. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: RUNTIME, useValue: runtime },
        { provide: APP_CONFIG, useValue: runtime.config },
      ],
      exports: [RUNTIME, APP_CONFIG],
    };
  }
}
