import { MikroORM } from '@mikro-orm/postgresql';
import { CreateRequestContext } from '@mikro-orm/core';
import { Command, Option } from 'nest-commander';
import { CHARGE_BANNER_TEXT } from '@ar/rules';
import { formatCents } from '../../src/core/money/money';
import { CardChargingService, type InvoiceConfirmation } from '../../src/modules/invoicing/payments/charging/card-charging.service';
import { CliCommand, CliError, cliNote, cliOut, requiredText } from '../cli-command';
import { requireCurrentSchema } from '../schema-check';

/** The CLI charges as no staff user: attempts and audit rows name it (user id 0, as reconciliation does). */
const CLI_ACTOR = { userId: 0, userName: 'cli' };

/** Outcomes that are errors of this run (nothing or something unknown charged), as opposed to answers (a decline, a reason). */
const UNEXPECTED: readonly InvoiceConfirmation['status'][] = ['failed', 'unknown'];

interface GroupInvoice {
  id: number;
  invoiceNumber: number;
  name: string;
}

/**
 * `npm run cli -- charge-batch --group 12 [--invoices 101,102] [--dry-run]`: the Group Details'
 * batch card charge (docs/decisions/card-charging.md) through the same service: each invoice is
 * claimed, charged and recorded once. `--invoices` takes invoice ids of the group; without it the
 * run charges every invoice of the group that can be charged now. `--dry-run` prints the
 * eligibility table and charges nothing. Progress on stderr; the table or the summary on stdout.
 * Exit code 1 when a charge ended in an error or an unknown outcome (a decline is an answer: 0).
 */
@Command({
  name: 'charge-batch',
  description: "Charge the cards on file for an invoice group's invoices (or list what would be charged).",
})
export class ChargeBatchCommand extends CliCommand {
  constructor(
    private readonly orm: MikroORM,
    private readonly charging: CardChargingService,
  ) {
    super();
  }

  @Option({ flags: '--group <id>', description: 'The invoice group id, as in /app/house/<ref>/invoiceGroup/<id>.' })
  parseGroup(raw: string): string {
    return raw;
  }

  @Option({ flags: '--invoices <ids>', description: 'Comma-separated invoice ids of the group (default: every chargeable invoice).' })
  parseInvoices(raw: string): string {
    return raw;
  }

  @Option({ flags: '--dry-run', description: 'Print the eligibility of each invoice and charge nothing.' })
  parseDryRun(): boolean {
    return true;
  }

  protected async execute(o: { group?: string; invoices?: string; dryRun?: boolean }): Promise<void> {
    const raw = requiredText('--group', o.group);
    if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0)
      throw new CliError(`--group must be an invoice group id, a whole number (got "${raw}").`);
    let ids: number[] | null = null;
    if (o.invoices !== undefined) {
      const parts = requiredText('--invoices', o.invoices)
        .split(',')
        .map((s) => s.trim());
      const bad = parts.filter((s) => !/^\d{1,9}$/.test(s) || Number(s) === 0);
      if (bad.length) throw new CliError(`--invoices must be invoice ids separated by commas (got "${bad.join('", "')}").`);
      ids = [...new Set(parts.map(Number))];
    }
    await this.charge(Number(raw), ids, o.dryRun === true);
  }

  @CreateRequestContext()
  private async charge(groupId: number, selected: number[] | null, dryRun: boolean): Promise<void> {
    await requireCurrentSchema(this.orm);
    const conn = this.orm.em.getConnection();
    const [group] = await conn.execute<{ house_id: number }[]>(`select house_id from invoice_group where id = ?`, [groupId]);
    if (!group) throw new CliError(`Invoice group ${groupId} not found.`);
    const houseId = group.house_id;
    const rows = await conn.execute<{ id: number; invoice_number: number; first_name: string; last_name: string; company_name: string }[]>(
      `select id, invoice_number, first_name, last_name, company_name from invoice where house_id = ? and group_id = ? order by invoice_number, id`,
      [houseId, groupId],
    );
    const invoices: GroupInvoice[] = rows.map((r) => ({
      id: r.id,
      invoiceNumber: r.invoice_number,
      name: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.company_name || '',
    }));
    const byId = new Map(invoices.map((i) => [i.id, i]));
    if (selected) {
      const foreign = selected.filter((id) => !byId.has(id));
      if (foreign.length) throw new CliError(`Not invoices of group ${groupId}: ${foreign.join(', ')}. Nothing was charged.`);
    }
    const chosen = selected ? selected.map((id) => byId.get(id)!) : invoices;
    const eligibility = await this.charging.eligibility(
      houseId,
      chosen.map((i) => i.id),
    );

    if (dryRun) {
      cliOut(['invoice #', 'id', 'name', 'amount', 'eligible', 'reason'].join('\t'));
      for (const i of chosen) {
        const e = eligibility.get(i.id);
        cliOut(
          [i.invoiceNumber, i.id, i.name, formatCents(e?.amountCents ?? 0), e?.eligible ? 'yes' : 'no', e?.reasonText ?? ''].join('\t'),
        );
      }
      const n = chosen.filter((i) => eligibility.get(i.id)?.eligible).length;
      cliOut(`Dry run: ${n} of ${chosen.length} invoice${chosen.length === 1 ? '' : 's'} can be charged now; nothing was charged.`);
      return;
    }

    // Without --invoices, the group's chargeable invoices (as the screen's "select all chargeable");
    // the others are listed as skipped. Named invoices are all submitted: the claim re-checks each.
    const skipped = selected ? [] : chosen.filter((i) => !eligibility.get(i.id)?.eligible);
    const batch = selected ? chosen : chosen.filter((i) => eligibility.get(i.id)?.eligible);
    for (const i of skipped)
      cliOut(`skipped invoice #${i.invoiceNumber} (id ${i.id}) ${i.name}: ${eligibility.get(i.id)?.reasonText ?? ''}`);
    if (!batch.length) {
      cliOut(`No invoice of group ${groupId} can be charged now; nothing was charged.`);
      return;
    }
    cliNote(`charging ${batch.length} invoice${batch.length === 1 ? '' : 's'} of group ${groupId}...`);
    const confirmations = await this.charging.processCards(
      houseId,
      CLI_ACTOR,
      batch.map((i) => i.id),
      (done, total) => Promise.resolve(cliNote(progressBar(done, total))),
    );
    let chargedCents = 0;
    for (const c of confirmations) {
      const i = byId.get(c.invoiceID)!;
      if (c.charged) chargedCents += c.amountChargedCents;
      cliOut(
        `invoice #${i.invoiceNumber} (id ${i.id}) ${i.name}: ${c.status}${c.charged ? ` ${formatCents(c.amountChargedCents)}` : ''}${c.reason ? `: ${c.reason}` : ''}`,
      );
    }
    const m = confirmations.length;
    const charged = confirmations.filter((c) => c.charged).length;
    cliOut(CHARGE_BANNER_TEXT.processed(charged, m));
    if (charged < m) {
      cliOut(CHARGE_BANNER_TEXT.failed(m - charged, m));
      cliOut(CHARGE_BANNER_TEXT.failedDetail);
    }
    cliOut(`Charged ${formatCents(chargedCents)} in total.`);
    const unexpected = confirmations.filter((c) => UNEXPECTED.includes(c.status));
    if (unexpected.length)
      throw new CliError(
        `${unexpected.length} charge${unexpected.length === 1 ? '' : 's'} ended in an error or an unknown outcome (invoice id${unexpected.length === 1 ? '' : 's'} ${unexpected
          .map((c) => c.invoiceID)
          .join(', ')}); run \`npm run cli -- payments-reconcile\` before charging them again.`,
      );
  }
}

/** `[#########-----------]  9/20`: one line per finished invoice (stderr is often a log file, so no carriage returns). */
export function progressBar(done: number, total: number, width = 20): string {
  const filled = total ? Math.round((done / total) * width) : width;
  return `  [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`;
}
