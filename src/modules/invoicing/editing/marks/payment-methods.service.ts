import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { InvoicesError } from '../../invoices/invoices.errors';
import { PAYMENT_METHODS, PaymentMethod } from './payment-methods';

/** `GET invoiceGroup/{id}/payment-methods`: what staff may choose when marking the group's invoices paid. */
@Injectable()
export class PaymentMethodsService {
  constructor(private readonly em: EntityManager) {}

  /** The group's payment methods (the same for every group of the house, see payment-methods.ts); another house's group is not found. */
  async forGroup(houseId: number, groupId: number): Promise<PaymentMethod[]> {
    const rows = await this.em.getConnection().execute('select 1 from invoice_group where id = ? and house_id = ?', [groupId, houseId]);
    if (!rows.length) throw InvoicesError.groupNotFound();
    return PAYMENT_METHODS.map((m) => ({ ...m }));
  }
}
