import { DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Runtime } from '../core/config/runtime';
import { CoreModule } from '../core/core.module';
import { HousesModule } from '../modules/houses/houses.module';
import { InvoicingModule } from '../modules/invoicing/invoicing.module';
import { PaymentsModule } from '../modules/invoicing/payments/payments.module';
import { LotsModule } from '../modules/lots/lots.module';
import { arrangeDemoChargingGroup, type DemoChargingGroup } from './demo-charging';
import { arrangeDemoTimedBids } from './demo-timed-bids';

/** The services the demo's charging group and timed bids are made with (the CLI's set: no HTTP, no guards). */
@Module({})
class DemoServicesModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: DemoServicesModule,
      imports: [CoreModule.forRoot(runtime), HousesModule, LotsModule, InvoicingModule, PaymentsModule],
    };
  }
}

/**
 * Step 2 of the demo data where no application runs yet (the server's first start): a short-lived
 * context of the application's own services, which neither processes jobs nor fires schedules.
 * The jobs it queues (the invoice mails of the send) are run by the server once it starts.
 */
export async function arrangeDemoIn(runtime: Runtime): Promise<{ charging: DemoChargingGroup; timedBids: number }> {
  const app = await NestFactory.createApplicationContext(
    DemoServicesModule.forRoot({ ...runtime, processJobs: false, runSchedules: false }),
    {
      logger: false,
    },
  );
  try {
    const charging = await arrangeDemoChargingGroup(app);
    const { bids } = await arrangeDemoTimedBids(app);
    return { charging, timedBids: bids };
  } finally {
    await app.close();
  }
}
