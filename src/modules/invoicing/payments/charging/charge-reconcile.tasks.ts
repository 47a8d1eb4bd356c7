import { Injectable, Logger } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/core';
import { Cron, CronExpression } from '@nestjs/schedule';
import { ClusterScheduler } from '../../../../core/scheduling/cluster-scheduler.service';
import { RefundsService } from '../refunds/refunds.service';
import { CardChargingService } from './card-charging.service';

const TASK = 'payments.charge-reconcile';

/**
 * The maintenance hook of charging: every five minutes (once per cluster), charge attempts left
 * `unknown` (a gateway timeout) or `started` for more than five minutes (a crash between the claim
 * and the record) are reconciled by their key at the gateway, never charged again; refund attempts
 * likewise (payments/refunds/), never refunded again.
 */
@Injectable()
export class ChargeReconcileTasks {
  private readonly logger = new Logger('CardCharging');

  constructor(
    private readonly orm: MikroORM,
    private readonly charging: CardChargingService,
    private readonly refunds: RefundsService,
    private readonly scheduler: ClusterScheduler,
  ) {}

  @Cron(CronExpression.EVERY_5_MINUTES, { name: TASK })
  async everyFiveMinutes(): Promise<void> {
    await this.scheduler.once(TASK, 300_000, async () => {
      const r = await RequestContext.create(this.orm.em, () => this.charging.reconcile());
      if (r.examined) this.logger.warn(`charge attempts reconciled: ${JSON.stringify(r)}`);
      const refunds = await RequestContext.create(this.orm.em, () => this.refunds.reconcile());
      if (refunds.examined) this.logger.warn(`refund attempts reconciled: ${JSON.stringify(refunds)}`);
    });
  }
}
