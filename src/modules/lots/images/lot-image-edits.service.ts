import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../core/errors/domain-error';
import { FILE_STORAGE, FileStorage } from '../../../core/storage/file-storage';
import { LotEditingError, parseLotKey } from '../lot-editing/lot-editing.errors';
import { CONTENT_TYPE } from './image-sniff';
import { makeRenditions, MAX_INPUT_PIXELS, sharp } from './image-renditions';
import { LotImagesService, readCapped } from './lot-images.service';
import { IMAGE_UPLOAD } from '@ar/rules';

/** One image of a lot as the lot page shows it, in sequence order. */
export interface LotImageView {
  photoID: number;
  sequence: number;
  imageURL: string;
  thumbURL: string | null;
  width: number | null;
  height: number | null;
}

export const IMAGE_EDIT_TEXT = {
  imageNotFound: 'Image not found.',
  badOrder: 'The new order must name each of the lot\u2019s images exactly once.',
  cannotRotate: 'This image has no stored original and cannot be rotated.',
  rotateFailed: 'The image could not be rotated. Please re-upload it.',
} as const;

interface ImageRow {
  id: number;
  sequence: number;
  url: string;
  thumb_url: string | null;
  width: number | null;
  height: number | null;
  original_key: string | null;
  display_key: string | null;
  thumb_key: string | null;
}

/**
 * The lot page's image actions (spec 001 "Lot page", "Image upload"): the lot's images, delete one,
 * rotate one by 90-degree steps (re-rendered from the original with sharp: new files, new URLs) and
 * reorder (sequences renumbered 0..n-1 in the new order). Every call is scoped to the caller's house:
 * another house's session, lot or image is the same 404 as none. docs/decisions/lot-images.md.
 */
@Injectable()
export class LotImageEditsService {
  constructor(
    private readonly em: EntityManager,
    private readonly images: LotImagesService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** `{lotNumber}` of a path (`12A`) to the live lot of the session. */
  async lotIdByLabel(houseId: number, catalogId: number, raw: string): Promise<number> {
    await this.images.session(houseId, catalogId);
    const key = parseLotKey(raw);
    if (!key) throw LotEditingError.lotNotFound();
    const [row] = await this.em
      .getConnection()
      .execute<{ id: number }[]>(
        `select id from lot where house_id = ? and catalog_id = ? and lot_number = ? and lot_ext is not distinct from ? and status <> 'd' order by id desc limit 1`,
        [houseId, catalogId, key.lotNumber, key.lotExt],
      );
    if (!row) throw LotEditingError.lotNotFound();
    return row.id;
  }

  async list(houseId: number, lotId: number): Promise<LotImageView[]> {
    const rows = await this.rows(houseId, lotId);
    return rows.map((r) => ({
      photoID: r.id,
      sequence: r.sequence,
      imageURL: r.url,
      thumbURL: r.thumb_url,
      width: r.width,
      height: r.height,
    }));
  }

  /** Deletes the row, then its files (a file left behind is harmless; a row without files is not). */
  async delete(houseId: number, catalogId: number, lotId: number, sequence: number): Promise<void> {
    const row = await this.image(houseId, catalogId, lotId, sequence);
    await this.em.getConnection().execute(`delete from lot_image where id = ?`, [row.id]);
    const keys = [row.original_key, row.display_key, row.thumb_key].filter((k): k is string => !!k);
    await Promise.all(keys.map((k) => this.storage.delete(k).catch(() => undefined)));
  }

  /**
   * The original turned clockwise (after its EXIF orientation, which is then dropped), stored as a
   * new original, and both sizes made again at the same sequence: the same photoID, new URLs.
   */
  async rotate(houseId: number, catalogId: number, lotId: number, sequence: number, degrees: 90 | 180 | 270): Promise<LotImageView> {
    const row = await this.image(houseId, catalogId, lotId, sequence);
    if (!row.original_key) throw DomainError.validation({ sequence: IMAGE_EDIT_TEXT.cannotRotate }, IMAGE_EDIT_TEXT.cannotRotate);
    const file = await this.storage.get(row.original_key);
    const bytes = file && (await readCapped(file.body, IMAGE_UPLOAD.maxBytes * 4));
    if (!bytes) throw DomainError.validation({ sequence: IMAGE_EDIT_TEXT.rotateFailed }, IMAGE_EDIT_TEXT.rotateFailed);
    const png = file.contentType === CONTENT_TYPE.png;
    const turned = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().rotate(degrees);
    const out = await (png ? turned.png() : turned.jpeg({ quality: 92 })).toBuffer();
    const made = await makeRenditions(out);
    if (!made.ok) throw DomainError.validation({ sequence: IMAGE_EDIT_TEXT.rotateFailed }, IMAGE_EDIT_TEXT.rotateFailed);
    const key = `house/${houseId}/catalog/${catalogId}/uploads/${randomUUID()}`;
    await this.storage.put(key, out, png ? CONTENT_TYPE.png : CONTENT_TYPE.jpeg);
    const stored = await this.images.store(houseId, catalogId, lotId, sequence, key, made.value);
    return {
      photoID: stored.photoId,
      sequence,
      imageURL: stored.url,
      thumbURL: stored.thumbUrl,
      width: made.value.facts.width,
      height: made.value.facts.height,
    };
  }

  /**
   * `imageOrder[i]` is the original position (in sequence order) of the image now at position i;
   * sequences become 0..n-1, so the first is the primary image. Two updates in one transaction
   * step around the unique (lot, sequence).
   */
  async reorder(houseId: number, lotId: number, imageOrder: number[]): Promise<LotImageView[]> {
    await this.em.transactional(async (em) => {
      const rows = await em.execute<{ id: number }[]>(
        `select id from lot_image where lot_id = ? and house_id = ? order by sequence for update`,
        [lotId, houseId],
      );
      const isPermutation =
        imageOrder.length === rows.length && new Set(imageOrder).size === rows.length && imageOrder.every((p) => p < rows.length);
      if (!isPermutation) throw DomainError.validation({ imageOrder: IMAGE_EDIT_TEXT.badOrder }, IMAGE_EDIT_TEXT.badOrder);
      const ids = imageOrder.map((p) => rows[p].id);
      await em.execute(`update lot_image set sequence = -1 - sequence where lot_id = ?`, [lotId], 'run');
      // An array literal: knex would spread a JS array into a list of bindings.
      await em.execute(
        `update lot_image i set sequence = v.seq from (select unnest(?::int[]) as id, generate_series(0, ?) as seq) v where i.id = v.id`,
        [`{${ids.join(',')}}`, ids.length - 1],
        'run',
      );
    });
    return this.list(houseId, lotId);
  }

  private async rows(houseId: number, lotId: number): Promise<ImageRow[]> {
    return this.em.getConnection().execute<ImageRow[]>(
      `select id, sequence, url, thumb_url, width, height, original_key, display_key, thumb_key
           from lot_image where lot_id = ? and house_id = ? order by sequence`,
      [lotId, houseId],
    );
  }

  /** The image at (lot, sequence) of this house's session, or a 404. */
  private async image(houseId: number, catalogId: number, lotId: number, sequence: number): Promise<ImageRow> {
    await this.images.session(houseId, catalogId);
    const [row] = await this.em.getConnection().execute<ImageRow[]>(
      `select i.id, i.sequence, i.url, i.thumb_url, i.width, i.height, i.original_key, i.display_key, i.thumb_key
         from lot_image i join lot l on l.id = i.lot_id
        where i.lot_id = ? and i.sequence = ? and i.house_id = ? and l.catalog_id = ?`,
      [lotId, sequence, houseId, catalogId],
    );
    if (!row) throw imageNotFound();
    return row;
  }
}

export const imageNotFound = () => new DomainError('not_found', 'IMAGE_NOT_FOUND', IMAGE_EDIT_TEXT.imageNotFound);
