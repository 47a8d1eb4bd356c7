import { Check, Entity, Index, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { House } from '../house.entity';

/**
 * A house contact the session wizards offer: Consignment (1), Sale Administrator (3) or Expert (4),
 * the spec's contact type ids. Deleting one keeps the row (`deleted_at`): sessions may name it.
 */
@Entity({ tableName: 'house_contact' })
@Check({ name: 'house_contact_contact_type_check', expression: 'contact_type = 1 or contact_type = 3 or contact_type = 4' })
@Index({ name: 'house_contact_house_id_contact_type_index', properties: ['house', 'contactType'] })
export class HouseContact {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @Property({ type: 'smallint' })
  contactType!: number;

  @Property({ length: 60 })
  firstName!: string;

  @Property({ length: 60 })
  lastName!: string;

  @Property({ length: 120, nullable: true })
  email?: string | null;

  @Property({ length: 40, nullable: true })
  phone?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  deletedAt?: Date | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();

  @Property({ type: 'timestamptz', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date & Opt = new Date();
}
