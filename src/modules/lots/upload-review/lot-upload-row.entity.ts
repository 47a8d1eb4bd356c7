import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import type { SheetError } from '@ar/rules';
import { Catalog } from '../../catalogs/catalog.entity';
import { House } from '../../houses/house.entity';
import type { SheetLotInput } from '../spreadsheets/sheet-consignors';

/**
 * A row of an uploaded lot spreadsheet waiting in the review list (spec 001 "upload items" step):
 * staged per session between the upload and `lots/update`, so a closed tab or a crash loses
 * nothing. `errors` are the row's current spreadsheet errors, recomputed after every edit and
 * delete. Decisions: docs/decisions/upload-items.md.
 */
@Entity({ tableName: 'lot_upload_row' })
@Index({ properties: ['catalog', 'row'] })
export class LotUploadRow {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => Catalog, deleteRule: 'cascade' })
  catalog!: Rel<Catalog>;

  /** The sheet's row (1 = the header): the uploaded lot's id in the spec's shape. */
  @Property()
  row!: number;

  /** The lot's fields as read (or as edited in the review list). */
  @Property({ type: 'jsonb' })
  lot!: SheetLotInput;

  @Property({ type: 'jsonb' })
  errors!: SheetError[];

  @Property()
  hasError!: boolean;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
