import { MikroORM } from '@mikro-orm/postgresql';
import { Command } from 'nest-commander';
import { AchSettlementService } from '../../src/modules/invoicing/payments/settlement/ach-settlement.service';
import { CliCommand, cliOut } from '../cli-command';
import { requireCurrentSchema } from '../schema-check';

/**
 * `npm run cli -- payments-settle`: the scheduled ACH settlement run, by hand. Reads the gateway's
 * settlement events from the stored cursor and applies each once (settled: the payment counts and
 * the invoice is paid; failed: Payment Failed, the balance due, a notice to the bidder). Safe next
 * to the schedule. Exit code 1 when an event could not be applied because its payments add up to
 * another amount (a difference to look into; `payments-reconcile` lists the ledger's).
 */
@Command({
  name: 'payments-settle',
  description: 'Apply the ACH settlement events of the gateway (settled or failed) to the pending ACH payments, each once.',
})
export class PaymentsSettleCommand extends CliCommand {
  constructor(
    private readonly orm: MikroORM,
    private readonly settlement: AchSettlementService,
  ) {
    super();
  }

  protected async execute(): Promise<void> {
    await requireCurrentSchema(this.orm);
    const r = await this.settlement.run();
    cliOut(`ACH settlement: ${r.read} event(s) read, ${r.received} new.`);
    cliOut(`settled ${r.settled}, failed ${r.failed}, unmatched ${r.unmatched}, mismatched ${r.mismatched}, ignored ${r.ignored}`);
    cliOut(`failed-payment notices queued: ${r.noticesQueued}`);
    cliOut(`cursor: ${r.cursor ?? 'none'}`);
    if (r.mismatched > 0) process.exitCode = 1;
  }
}
