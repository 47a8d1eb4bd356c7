import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/**
 * The disputes module records a new dispute on the lot's invoice line (the invoice's Disputes
 * column, and no more File as dispute), inside the dispute's own transaction (`em`).
 */
@Injectable()
export class InvoiceLineDisputes {
  async mark(em: EntityManager, houseId: number, lotId: number, disputeRef: string): Promise<void> {
    await em.execute('update invoice_line set dispute_ref = ? where house_id = ? and lot_id = ?', [disputeRef, houseId, lotId]);
  }
}
