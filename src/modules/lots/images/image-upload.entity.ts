import { Entity, Index, ManyToOne, Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { Catalog } from '../../catalogs/catalog.entity';
import { House } from '../../houses/house.entity';

/**
 * One signed upload slot (spec 001 "Image upload", step 1): the signing call creates it, the signed
 * PUT fills it once (`uploadedAt`), and registering the image reads its bytes, which then stay as
 * the lot image's original. A slot no image registered is swept a day after its link expired, with
 * its bytes (ImageUploadSweepService).
 */
@Entity({ tableName: 'image_upload' })
export class ImageUpload {
  @PrimaryKey()
  id!: number;

  @ManyToOne({ entity: () => House, deleteRule: 'cascade' })
  house!: Rel<House>;

  @ManyToOne({ entity: () => Catalog, deleteRule: 'cascade' })
  catalog!: Rel<Catalog>;

  /** Where the original bytes go: `house/{h}/catalog/{c}/uploads/{uuid}`. */
  @Property({ length: 512 })
  storageKey!: string;

  /** Indexed for the sweep, which reads the slots expired past the grace. */
  @Property({ type: 'timestamptz' })
  @Index()
  expiresAt!: Date;

  /** Set once by the PUT that stored the bytes: a second PUT with the same signature is refused. */
  @Property({ type: 'timestamptz', nullable: true })
  uploadedAt?: Date;

  @Property({ nullable: true })
  byteSize?: number;

  @Property({ length: 20, nullable: true })
  contentType?: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date & Opt = new Date();
}
