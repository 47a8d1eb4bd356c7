import { MikroORM } from '@mikro-orm/postgresql';
import { CreateRequestContext } from '@mikro-orm/core';
import { Command, Option } from 'nest-commander';
import { formatCents } from '../../src/core/money/money';
import { SettlementRunsService } from '../../src/modules/settlements/settlements/settlement-runs.service';
import { CliCommand, CliError, cliOut, requiredText } from '../cli-command';
import { requireCurrentSchema } from '../schema-check';

/**
 * `npm run cli -- settlements --sale 12 [--dry-run]`: creates every consignor's settlement of a sale
 * (drafts rebuilt in place) through the same service as `POST /api/settlements/for-sale`. The house
 * is the sale's; the settlements name no staff user (created by the CLI). `--dry-run` prints the
 * same table and writes nothing. A refusal (no consigned lot, no plan) exits 1 with its message.
 */
@Command({
  name: 'settlements',
  description: 'Create the consignor settlements of a sale (or list what would be created).',
})
export class SettlementsCommand extends CliCommand {
  constructor(
    private readonly orm: MikroORM,
    private readonly runs: SettlementRunsService,
  ) {
    super();
  }

  @Option({ flags: '--sale <id>', description: 'The sale (auction group) id.' })
  parseSale(raw: string): string {
    return raw;
  }

  @Option({ flags: '--dry-run', description: 'Print the settlements a run would create and write nothing.' })
  parseDryRun(): boolean {
    return true;
  }

  protected async execute(o: { sale?: string; dryRun?: boolean }): Promise<void> {
    const raw = requiredText('--sale', o.sale);
    if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) throw new CliError(`--sale must be a sale id, a whole number (got "${raw}").`);
    await this.settle(Number(raw), o.dryRun === true);
  }

  @CreateRequestContext()
  private async settle(saleId: number, dryRun: boolean): Promise<void> {
    await requireCurrentSchema(this.orm);
    const houseId = await this.runs.houseOfSale(saleId);
    if (houseId === null) throw new CliError(`Sale ${saleId} not found.`);
    const r = await this.runs.createForSale(houseId, saleId, null, dryRun);
    cliOut(['settlement', 'consignor', 'lots', 'held', 'hammer', 'commission', 'fees', 'tax', 'net due'].join('\t'));
    for (const s of r.settlements) {
      cliOut(
        [
          s.id ?? '(new)',
          s.consignorName,
          s.lotCount,
          s.heldCount,
          formatCents(s.hammerCents),
          formatCents(s.commissionCents + s.buyInFeeCents),
          formatCents(s.feesCents),
          formatCents(s.taxCents),
          formatCents(s.netDueCents),
        ].join('\t'),
      );
    }
    const n = r.settlements.length;
    cliOut(
      `${dryRun ? 'Dry run: would create' : 'Created or rebuilt'} ${n} settlement${n === 1 ? '' : 's'} of sale ${saleId} (${r.saleName}, ${r.currencyCode}); ${r.alreadySettled} lot${r.alreadySettled === 1 ? '' : 's'} already settled.`,
    );
  }
}
