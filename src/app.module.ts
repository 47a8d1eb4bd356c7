import { DynamicModule, Module } from '@nestjs/common';
import { Runtime } from './core/config/runtime';
import { CoreModule } from './core/core.module';
import { HousesModule } from './modules/houses/houses.module';
import { MaintenanceModule } from './core/maintenance/maintenance.module';

/** Domain modules, in the order they build on each other. */
export const DOMAIN_MODULES = [HousesModule];

@Module({})
export class AppModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forRoot(runtime), MaintenanceModule, ...DOMAIN_MODULES],
      providers: [CoreModule.guard()],
    };
  }
}
