import { AnalyticsModule } from './modules/analytics/analytics.module';
import { BroadcastModule } from './modules/broadcast/broadcast.module';
import { DynamicModule, Module, Type } from '@nestjs/common';
import { Runtime } from './core/config/runtime';
import { CoreModule } from './core/core.module';
import { HousesModule } from './modules/houses/houses.module';
import { MaintenanceModule } from './core/maintenance/maintenance.module';
import { InvoicingModule } from './modules/invoicing/invoicing.module';
import { CatalogsModule } from './modules/catalogs/catalogs.module';
import { LotsModule } from './modules/lots/lots.module';
import { BiddersModule } from './modules/bidders/bidders.module';
import { CalendarModule } from './modules/catalogs/calendar/calendar.module';
import { SessionWizardModule } from './modules/catalogs/session-wizard/session-wizard.module';
import { BinWizardModule } from './modules/catalogs/bin-wizard/bin-wizard.module';
import { DisputesModule } from './modules/disputes/disputes.module';
import { SettlementsModule } from './modules/settlements/settlements.module';
import { AccountingModule } from './modules/accounting/accounting.module';
import { ReportsModule } from './modules/reports/reports.module';

/** Domain modules, in the order they build on each other. */
export const DOMAIN_MODULES = [
  HousesModule,
  CatalogsModule,
  SessionWizardModule,
  BinWizardModule,
  BiddersModule,
  LotsModule,
  InvoicingModule,
  CalendarModule,
  DisputesModule,
  SettlementsModule,
  AccountingModule,
  ReportsModule,
  BroadcastModule,
  AnalyticsModule,
];

@Module({})
export class AppModule {
  /** `extraModules`: test-only modules (probe controllers, test job handlers) mounted in the real app. */
  static forRoot(runtime: Runtime, extraModules: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forRoot(runtime), MaintenanceModule, ...DOMAIN_MODULES, ...extraModules],
      providers: CoreModule.guards(),
    };
  }
}
