import { Inject } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CreateRequestContext } from '@mikro-orm/core';
import { Command, Option } from 'nest-commander';
import { formatCents } from '../../src/core/money/money';
import { CardChargingService } from '../../src/modules/invoicing/payments/charging/card-charging.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../../src/modules/invoicing/payments/gateway/payment-gateway';
import { SandboxGateway } from '../../src/modules/invoicing/payments/gateway/sandbox-gateway';
import { CliCommand, CliError, cliNote, cliOut, requiredText } from '../cli-command';
import { requireCurrentSchema } from '../schema-check';

interface LedgerCharge {
  reference: string;
  idempotency_key: string;
  house_id: number;
  amount_cents: string | number;
  status: string;
}

interface PaymentsOfReference {
  reference: string;
  house_id: number;
  cents: string | number;
  rows: number;
  attempts: number;
  invoices: number;
  not_settled: number;
  invoice_ids: string;
}

/**
 * `npm run cli -- payments-reconcile [--house H]`: first reconciles the open charge attempts
 * through the service (looked up at the gateway by key, recorded once, never charged again), then
 * compares the sandbox gateway's ledger with the payments: every approved (or pending ACH) charge
 * has its payment rows (one attempt, one invoice, the charge's house) adding up to its amount,
 * settled for a card approval, and no payment names a charge the gateway does not hold as captured
 * (a payment of a failed ACH debit is `failed` once payments-settle applied the failure: not counted).
 * Every difference is printed on stdout; exit code 1 when there is any.
 */
@Command({
  name: 'payments-reconcile',
  description: 'Reconcile open card charges, then compare the gateway ledger with the payments and list every difference.',
})
export class PaymentsReconcileCommand extends CliCommand {
  constructor(
    private readonly orm: MikroORM,
    private readonly charging: CardChargingService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {
    super();
  }

  @Option({ flags: '--house <ref>', description: 'Only this house (its sign-in name or its house ref).' })
  parseHouse(raw: string): string {
    return raw;
  }

  protected async execute(o: { house?: string }): Promise<void> {
    const house = o.house === undefined ? undefined : requiredText('--house', o.house);
    await this.reconcile(house);
  }

  @CreateRequestContext()
  private async reconcile(houseName: string | undefined): Promise<void> {
    await requireCurrentSchema(this.orm);
    if (!(this.gateway instanceof SandboxGateway))
      throw new CliError('Only the sandbox gateway ledger can be compared with the payments (PAYMENT_GATEWAY=sandbox).');
    const conn = this.orm.em.getConnection();
    let houseId: number | undefined;
    if (houseName !== undefined) {
      const [h] = await conn.execute<{ id: number }[]>(
        `select id from house where house_user_name = ? or house_ref = ? order by id limit 1`,
        [houseName, houseName],
      );
      if (!h) throw new CliError(`Unknown house "${houseName}".`);
      houseId = h.id;
    }

    cliNote('reconciling open charge attempts...');
    const r = await this.charging.reconcile({ houseId });
    cliOut(
      `Reconciled ${r.examined} open charge attempt${r.examined === 1 ? '' : 's'}: ${r.approved} approved, ${r.declined} declined, ` +
        `${r.pending} pending, ${r.failed} not charged, ${r.stillUnknown} still unknown.`,
    );

    cliNote('comparing the gateway ledger with the payments...');
    const differences: string[] = [];
    if (r.stillUnknown)
      differences.push(
        `${r.stillUnknown} charge attempt${r.stillUnknown === 1 ? '' : 's'} could not be looked up at the gateway; run again.`,
      );
    const scope = houseId === undefined ? '' : ' and house_id = ?';
    const params = houseId === undefined ? [] : [houseId];
    // Captured charges: card approvals and ACH debits that have not failed.
    const charges = await conn.execute<LedgerCharge[]>(
      `select reference, idempotency_key, house_id, amount_cents, status from sandbox_gateway_charge
        where kind = 'charge' and (status = 'approved' or (status = 'pending' and coalesce(settlement, '') <> 'failed'))${scope}
        order by id`,
      params,
    );
    const payments = await conn.execute<PaymentsOfReference[]>(
      `select gateway_reference as reference, min(house_id) as house_id, sum(amount_cents) as cents, count(*)::int as rows,
              count(distinct charge_attempt_id)::int as attempts, count(distinct invoice_id)::int as invoices,
              count(*) filter (where status <> 'settled')::int as not_settled, string_agg(distinct invoice_id::text, ', ') as invoice_ids
         from invoice_payment
        where voided_at is null and gateway_reference is not null and status <> 'failed'${scope}
        group by gateway_reference, house_id
        order by min(id)`,
      params,
    );
    const byRef = new Map<string, PaymentsOfReference[]>();
    for (const p of payments) byRef.set(p.reference, [...(byRef.get(p.reference) ?? []), p]);
    const known = new Set<string>();
    for (const c of charges) {
      known.add(c.reference);
      const what = `gateway charge ${c.reference} (${c.idempotency_key}, ${c.status}, ${formatCents(Number(c.amount_cents))}, house ${c.house_id})`;
      const ps = byRef.get(c.reference) ?? [];
      const own = ps.filter((p) => p.house_id === c.house_id);
      for (const p of ps.filter((x) => x.house_id !== c.house_id))
        differences.push(`${what}: recorded as a payment of house ${p.house_id} (invoice ${p.invoice_ids}).`);
      if (!own.length) {
        differences.push(`${what}: no payment records it.`);
        continue;
      }
      const p = own[0];
      if (Number(p.cents) !== Number(c.amount_cents))
        differences.push(`${what}: its payments (invoice ${p.invoice_ids}) add up to ${formatCents(Number(p.cents))}.`);
      if (p.attempts > 1 || p.invoices > 1)
        differences.push(`${what}: recorded ${p.attempts} times, on invoice${p.invoices === 1 ? '' : 's'} ${p.invoice_ids}.`);
      if (c.status === 'approved' && p.not_settled)
        differences.push(`${what}: ${p.not_settled} of its payment rows (invoice ${p.invoice_ids}) are not settled.`);
    }
    // Under --house the ledger rows of other houses are not read: a reference of another house's charge is unknown here too.
    for (const p of payments)
      if (!known.has(p.reference))
        differences.push(
          `payment of invoice ${p.invoice_ids} (house ${p.house_id}, ${formatCents(Number(p.cents))}) references ${p.reference}, which the gateway does not hold as a captured charge.`,
        );

    for (const d of differences) cliOut(d);
    if (differences.length)
      throw new CliError(
        `${differences.length} difference${differences.length === 1 ? '' : 's'} between the gateway ledger and the payments.`,
      );
    cliOut(
      `The gateway ledger and the payments agree: ${charges.length} captured charge${charges.length === 1 ? '' : 's'}, each recorded once.`,
    );
  }
}
