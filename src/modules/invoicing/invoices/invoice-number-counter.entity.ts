import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * The last invoice number used by each house. Numbers for a whole group are reserved with one
 * `update ... returning` (row lock), so they are unique per house and gap-free per creation.
 */
@Entity({ tableName: 'invoice_number_counter' })
export class InvoiceNumberCounter {
  @PrimaryKey({ autoincrement: false })
  houseId!: number;

  @Property()
  lastNumber!: number;
}
