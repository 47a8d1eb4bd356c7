import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Cents } from '../../../core/money/money';
import { boundQuery } from '../../../core/database/bound-query';
import { intArray } from '../../../core/validation/sql-text';

/** The buyer's side of one invoiced lot, for consignor settlements (what "collected" means). */
export interface InvoicedLotCollection {
  lotId: number;
  /** The line's hammer (floor edits included). */
  hammerCents: Cents;
  /** The line is marked paid, or its invoice is all paid. */
  paid: boolean;
  /** Hidden (suppressed) on the invoice. */
  hidden: boolean;
  disputeRef: string | null;
  /** A settled, not voided refund on the line or on the whole invoice. */
  refunded: boolean;
  refundReason: string | null;
}

/**
 * Read-only view of how far the buyer paid for given lots, exported for the settlements module so
 * it never reads invoicing's tables itself. Paid state is what the payment paths maintain: a lot is
 * paid when its line is (mark as paid, a card or ACH charge allocated to it, settled) or the
 * invoice's all-paid flag is set; a refund unmarks the line when what it holds falls below its cost.
 */
@Injectable()
export class LotCollectionService {
  constructor(private readonly em: EntityManager) {}

  async ofLots(houseId: number, lotIds: readonly number[], em: EntityManager = this.em): Promise<Map<number, InvoicedLotCollection>> {
    const out = new Map<number, InvoicedLotCollection>();
    if (!lotIds.length) return out;
    const rows = await boundQuery<{
      lot_id: number;
      hammer_cents: string;
      paid: boolean | null;
      suppress: boolean | null;
      dispute_ref: string | null;
      refund_reason: string | null;
      refunded: boolean;
    }>(
      em,
      `select l.lot_id, l.hammer_cents, (l.paid or i.all_paid) as paid, l.suppress, l.dispute_ref, r.reason as refund_reason, r.id is not null as refunded
         from invoice_line l
         join invoice i on i.id = l.invoice_id
         left join lateral (
           select p.id, p.reason from invoice_payment p
            where p.invoice_id = l.invoice_id and p.kind = 'refund' and p.status = 'settled' and p.voided_at is null
              and (p.line_id = l.id or p.line_id is null)
            order by p.id desc limit 1) r on true
        where l.house_id = ? and l.lot_id = any(?::int[])`,
      [houseId, intArray(lotIds)],
    );
    for (const r of rows) {
      out.set(r.lot_id, {
        lotId: r.lot_id,
        hammerCents: Number(r.hammer_cents),
        paid: !!r.paid,
        hidden: !!r.suppress,
        disputeRef: r.dispute_ref ?? null,
        refunded: !!r.refunded,
        refundReason: r.refund_reason ?? null,
      });
    }
    return out;
  }
}
