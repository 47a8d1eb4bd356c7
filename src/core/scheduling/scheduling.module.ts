import { DynamicModule, Global, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { Runtime } from '../config/runtime';
import { ClusterScheduler } from './cluster-scheduler.service';

/** Cron triggers only in processes whose role runs schedules; the claim makes each slot run once per cluster. */
@Global()
@Module({})
export class SchedulingModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: SchedulingModule,
      imports: runtime.runSchedules ? [ScheduleModule.forRoot()] : [],
      providers: [ClusterScheduler],
      exports: [ClusterScheduler],
    };
  }
}
