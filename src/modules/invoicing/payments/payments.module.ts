import { Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../../core/config/config.module';
import type { AppConfig } from '../../../core/config/app-config';
import { PAYMENT_GATEWAY, PaymentGateway } from './gateway/payment-gateway';
import { PgSandboxLedger } from './gateway/pg-sandbox-ledger';
import { SandboxGateway } from './gateway/sandbox-gateway';
import { PaymentMethodsOnFileService } from './methods/payment-methods-on-file.service';

/** The gateway `PAYMENT_GATEWAY` names; `sandbox` (the only one so far) keeps its ledger in our database. */
export function createPaymentGateway(config: AppConfig, orm: MikroORM): PaymentGateway {
  switch (config.paymentGateway) {
    case 'sandbox':
      return new SandboxGateway(new PgSandboxLedger(orm.em.getConnection()), config.sandboxGateway);
  }
}

/** Payments: the gateway and the payment methods bidders keep on file. */
@Module({
  providers: [{ provide: PAYMENT_GATEWAY, useFactory: createPaymentGateway, inject: [APP_CONFIG, MikroORM] }, PaymentMethodsOnFileService],
  exports: [PAYMENT_GATEWAY, PaymentMethodsOnFileService],
})
export class PaymentsModule {}
