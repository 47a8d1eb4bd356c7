import { DynamicModule, Module, Type } from '@nestjs/common';
import { Runtime } from '../src/core/config/runtime';
import { CoreModule } from '../src/core/core.module';
import { HousesModule } from '../src/modules/houses/houses.module';
import { InvoicingModule } from '../src/modules/invoicing/invoicing.module';
import { PaymentsModule } from '../src/modules/invoicing/payments/payments.module';
import { LotsModule } from '../src/modules/lots/lots.module';
import { AutochargeRunCommand } from './commands/autocharge-run.command';
import { ChargeBatchCommand } from './commands/charge-batch.command';
import { CreateApiTokenCommand } from './commands/create-api-token.command';
import { CreateUserCommand } from './commands/create-user.command';
import { DemoDataCommand } from './commands/demo-data.command';
import { ImportConsignorsCommand } from './commands/import-consignors.command';
import { ImportImagesCommand } from './commands/import-images.command';
import { ImportLotsCommand } from './commands/import-lots.command';
import { ImportResultsCommand } from './commands/import-results.command';
import { InvoicesPdfCommand } from './commands/invoices-pdf.command';
import { ListApiTokensCommand } from './commands/list-api-tokens.command';
import { MigrateCommand } from './commands/migrate.command';
import { PaymentsReconcileCommand } from './commands/payments-reconcile.command';
import { PaymentsSettleCommand } from './commands/payments-settle.command';
import { SettlementsModule } from '../src/modules/settlements/settlements.module';
import { RevokeApiTokenCommand } from './commands/revoke-api-token.command';
import { SettlementsCommand } from './commands/settlements.command';

/** Every command, by the name it is called with (a unit test checks the names match the decorators). */
export const CLI_COMMANDS: Record<string, Type> = {
  migrate: MigrateCommand,
  'demo-data': DemoDataCommand,
  'create-user': CreateUserCommand,
  'create-api-token': CreateApiTokenCommand,
  'list-api-tokens': ListApiTokensCommand,
  'revoke-api-token': RevokeApiTokenCommand,
  'import-results': ImportResultsCommand,
  'import-lots': ImportLotsCommand,
  'import-images': ImportImagesCommand,
  'invoices-pdf': InvoicesPdfCommand,
  'charge-batch': ChargeBatchCommand,
  'autocharge-run': AutochargeRunCommand,
  'payments-reconcile': PaymentsReconcileCommand,
  'payments-settle': PaymentsSettleCommand,
  settlements: SettlementsCommand,
  'import-consignors': ImportConsignorsCommand,
};

/**
 * The server's own modules (no second copy of any rule), built for a short-lived process: the
 * runtime given here neither processes jobs nor fires schedules, no HTTP guard is installed, and
 * the maintenance crons are left out, so the process exits as soon as its command is done.
 */
@Module({})
export class CliModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: CliModule,
      // InvoicingModule registers the invoiced-lots lock the results import refuses to run without.
      imports: [CoreModule.forRoot(runtime), HousesModule, LotsModule, InvoicingModule, PaymentsModule, SettlementsModule],
      providers: Object.values(CLI_COMMANDS),
    };
  }

  /**
   * For `--help`, `--version` and unknown commands: the same commands with placeholders for what
   * they inject, so reading the help needs no database, no Redis and no embedded PostgreSQL.
   */
  static forHelp(): DynamicModule {
    const tokens = new Set<unknown>();
    for (const command of Object.values(CLI_COMMANDS)) {
      for (const t of (Reflect.getMetadata('design:paramtypes', command) as unknown[] | undefined) ?? []) tokens.add(t);
      // Tokens given with @Inject(...) (Nest's "self-declared" dependencies).
      for (const d of (Reflect.getMetadata('self:paramtypes', command) as { param: unknown }[] | undefined) ?? []) tokens.add(d.param);
    }
    return {
      module: CliModule,
      providers: [...Object.values(CLI_COMMANDS), ...[...tokens].map((token) => ({ provide: token as string, useValue: {} }))],
    };
  }
}
