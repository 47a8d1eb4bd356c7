import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  buildImageLotIndex,
  IMAGE_UPLOAD,
  imageErrorTitle,
  matchImageName,
  normalizeInventoryNumber,
  type ImageErrorCode,
  type ImageLotIndex,
  type ImageNameFormat,
} from '@ar/rules';
import { FILE_STORAGE, FileStorage } from '../../../core/storage/file-storage';
import { UrlSigner } from '../../../core/storage/signed-url';
import { CONTENT_TYPE } from './image-sniff';
import { checkImage, makeRenditions, PROCESS_CONCURRENCY, type Renditions } from './image-renditions';
import { UPLOAD_GRACE_MS } from './image-upload-sweep.service';
import { LotImagesError } from './lot-images.errors';

/** How long a signed PUT URL stays valid: a batch of 20 every 3 s signs as it goes, so an hour is ample. */
export const SIGNED_PUT_TTL_MS = 60 * 60 * 1000;

export interface SignedSlot {
  imageUrl: string;
  putUrl: string;
  expiresAt: string;
}

/** One record of the register call (spec: `{imageSeq, imageURL, lotExt, lotNum | invNumber}`). */
export interface RegisterItem {
  imageSeq?: string;
  imageURL: string;
  lotExt?: string;
  lotNum?: string;
  invNumber?: string;
}

/** One image's answer: `error` null and the URLs, or the spec's code and its title. */
export interface ImageResult {
  imageSeq: string | null;
  lotNum: string | null;
  lotExt: string | null;
  invNumber: string | null;
  error: ImageErrorCode | null;
  message: string | null;
  imageS3URL: string | null;
  thumbURL: string | null;
  photoID: number | null;
  replaced: boolean;
}

interface Session {
  id: number;
  saleType: 'live' | 'timed' | 'bin';
}

interface Stored {
  photoId: number;
  url: string;
  thumbUrl: string;
  replaced: boolean;
}

const UPLOAD_PATH = /\/cps\/app\/image\/upload\/(\d{1,10})(?:[?#].*)?$/;

/**
 * The bulk image upload (spec 001 "Image upload (all steps)"): signed PUT slots, the PUT that
 * receives bytes, and the register call that matches each image to its lot, makes its sizes and
 * records it. The CLI's folder import runs the same checks and the same `store`. Decisions:
 * docs/decisions/lot-images.md.
 */
@Injectable()
export class LotImagesService {
  constructor(
    private readonly em: EntityManager,
    private readonly signer: UrlSigner,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** `bucket=/house/{houseID}/catalog/{catalogID}`: another house's bucket, or a session not of it, is a 404. */
  async sign(houseId: number, bucket: string, numImages: number, now = new Date()): Promise<SignedSlot[]> {
    const m = /^\/?house\/(\d{1,10})\/catalog\/(\d{1,10})\/?$/.exec(bucket.trim());
    if (!m) throw LotImagesError.badBucket();
    if (Number(m[1]) !== houseId) throw LotImagesError.sessionNotFound();
    const session = await this.session(houseId, Number(m[2]));
    const expiresAt = new Date(now.getTime() + SIGNED_PUT_TTL_MS);
    const keys = Array.from({ length: numImages }, () => `house/${houseId}/catalog/${session.id}/uploads/${randomUUID()}`);
    const rows: { id: number; storage_key: string }[] = await this.em.getConnection().execute(
      `insert into image_upload (house_id, catalog_id, storage_key, expires_at)
       values ${keys.map(() => '(?, ?, ?, ?)').join(', ')} returning id, storage_key`,
      keys.flatMap((k) => [houseId, session.id, k, expiresAt]),
    );
    return Promise.all(
      rows.map(async (r) => {
        const imageUrl = `/cps/app/image/upload/${r.id}`;
        // S3: the browser PUTs straight to the bucket; local disk: to this server's HMAC-signed route.
        const direct = await this.storage.presignedPutUrl(r.storage_key, expiresAt);
        const signed = new URL(this.signer.sign('PUT', r.storage_key, expiresAt), 'http://x');
        return { imageUrl, putUrl: direct ?? `${imageUrl}${signed.search}`, expiresAt: expiresAt.toISOString() };
      }),
    );
  }

  /**
   * The signed PUT: the signature (HMAC of method, key and expiry) and the expiry checked first, then
   * the slot claimed once (a second PUT, or one racing the first, is refused), then at most 10 MB
   * read, sniffed, measured and stored. A refused file frees the slot for a retry with other bytes.
   */
  async receive(
    uploadId: number,
    expires: string | undefined,
    signature: string | undefined,
    body: Readable,
  ): Promise<{ imageUrl: string; size: number; type: string; width: number; height: number }> {
    const [slot] = await this.em
      .getConnection()
      .execute<{ storage_key: string }[]>(`select storage_key from image_upload where id = ?`, [uploadId]);
    if (!slot || !this.signer.verify('PUT', slot.storage_key, expires, signature)) {
      body.resume();
      throw LotImagesError.linkInvalid();
    }
    const claimed = await this.em
      .getConnection()
      .execute<{ id: number }[]>(`update image_upload set uploaded_at = now() where id = ? and uploaded_at is null returning id`, [
        uploadId,
      ]);
    if (!claimed.length) {
      body.resume();
      throw LotImagesError.linkUsed();
    }
    try {
      const bytes = await readCapped(body, IMAGE_UPLOAD.maxBytes);
      if (!bytes) throw LotImagesError.image('size');
      const check = await checkImage(bytes);
      if (!check.ok) throw LotImagesError.image(check.error);
      const contentType = CONTENT_TYPE[check.facts.type];
      await this.storage.put(slot.storage_key, bytes, contentType);
      await this.em
        .getConnection()
        .execute(`update image_upload set byte_size = ?, content_type = ? where id = ?`, [bytes.length, contentType, uploadId]);
      return {
        imageUrl: `/cps/app/image/upload/${uploadId}`,
        size: bytes.length,
        type: contentType,
        width: check.facts.width,
        height: check.facts.height,
      };
    } catch (e) {
      await this.em.getConnection().execute(`update image_upload set uploaded_at = null where id = ?`, [uploadId]);
      throw e;
    }
  }

  /**
   * `PUT /cps/app/image/house/{houseID}/catalog/{catalogID}`: each record matched to a lot of the
   * session (lot number + extension, or inventory number), its uploaded bytes checked and sized,
   * then recorded at its sequence (replacing an earlier image there). One answer per record, in order.
   */
  async register(houseId: number, catalogId: number, items: RegisterItem[]): Promise<ImageResult[]> {
    const session = await this.session(houseId, catalogId);
    const index = await this.lotIndex(houseId, session.id);
    return mapLimit(items, PROCESS_CONCURRENCY, async (item) => {
      const base: ImageResult = {
        imageSeq: item.imageSeq ?? null,
        lotNum: item.lotNum ?? null,
        lotExt: item.lotExt ?? null,
        invNumber: item.invNumber ?? null,
        error: null,
        message: null,
        imageS3URL: null,
        thumbURL: null,
        photoID: null,
        replaced: false,
      };
      const fail = (code: ImageErrorCode): ImageResult => ({ ...base, error: code, message: imageErrorTitle(code, session.saleType) });
      const seq = item.imageSeq === undefined || item.imageSeq === '' ? 0 : /^\d{1,6}$/.test(item.imageSeq) ? Number(item.imageSeq) : NaN;
      if (!(seq <= IMAGE_UPLOAD.maxSequence)) return fail('imageSeq');
      const lotId = this.lotOf(item, index);
      if (typeof lotId === 'string') return fail(lotId);
      const upload = await this.uploadedBytes(houseId, session.id, item.imageURL);
      if (typeof upload === 'string') return fail(upload);
      const made = await makeRenditions(upload.bytes);
      if (!made.ok) return fail(made.error);
      if (upload.direct) await this.acceptDirect(upload.key, upload.bytes, upload.direct, CONTENT_TYPE[made.value.facts.type]);
      const stored = await this.store(houseId, session.id, lotId, seq, upload.key, made.value);
      return {
        ...base,
        imageSeq: String(seq),
        imageS3URL: stored.url,
        thumbURL: stored.thumbUrl,
        photoID: stored.photoId,
        replaced: stored.replaced,
      };
    });
  }

  /**
   * The CLI's folder import: each file's name matched per `format`, its bytes checked and sized, the
   * original and both sizes stored. Names that normalise alike are one image: the last one wins.
   */
  async importFiles(
    houseId: number,
    catalogId: number,
    files: { name: string; size?: number; read: () => Promise<Buffer> }[],
    format: ImageNameFormat,
    progress?: (done: number, total: number) => void,
  ): Promise<{ name: string; error: ImageErrorCode | null; message: string | null; photoId: number | null; replaced: boolean }[]> {
    const session = await this.session(houseId, catalogId);
    const index = await this.lotIndex(houseId, session.id);
    let done = 0;
    return mapLimit(files, PROCESS_CONCURRENCY, async (f) => {
      const out = await this.importOne(houseId, session, index, f, format);
      progress?.(++done, files.length);
      return out;
    });
  }

  private async importOne(
    houseId: number,
    session: Session,
    index: ImageLotIndex,
    f: { name: string; size?: number; read: () => Promise<Buffer> },
    format: ImageNameFormat,
  ) {
    const fail = (code: ImageErrorCode) => ({
      name: f.name,
      error: code,
      message: imageErrorTitle(code, session.saleType),
      photoId: null,
      replaced: false,
    });
    const match = matchImageName(f.name, format, index);
    if (!match.ok) return fail(match.error);
    if (f.size !== undefined && f.size > IMAGE_UPLOAD.maxBytes) return fail('size');
    const bytes = await f.read();
    const made = await makeRenditions(bytes);
    if (!made.ok) return fail(made.error);
    const key = `house/${houseId}/catalog/${session.id}/uploads/${randomUUID()}`;
    await this.storage.put(key, bytes, CONTENT_TYPE[made.value.facts.type]);
    const stored = await this.store(houseId, session.id, match.lotId, match.sequence, key, made.value);
    return { name: f.name, error: null, message: null, photoId: stored.photoId, replaced: stored.replaced };
  }

  /** A lot image's bytes for the admin (display, thumbnail or the original), for this house only. */
  async file(houseId: number, photoId: number, size: 'display' | 'thumb' | 'original') {
    const [row] = await this.em
      .getConnection()
      .execute<{ display_key: string | null; thumb_key: string | null; original_key: string | null }[]>(
        `select display_key, thumb_key, original_key from lot_image where id = ? and house_id = ?`,
        [photoId, houseId],
      );
    const key = row && { display: row.display_key, thumb: row.thumb_key, original: row.original_key }[size];
    const file = key ? await this.storage.get(key) : null;
    if (!file) throw LotImagesError.uploadNotFound();
    // A presigned S3 PUT stays usable until it expires: never serve a type a client could have set to HTML.
    return { ...file, contentType: /^image\/(jpeg|png)$/.test(file.contentType) ? file.contentType : 'application/octet-stream' };
  }

  /** The session of this house (not another's, which is the same 404 as none). */
  async session(houseId: number, catalogId: number): Promise<Session> {
    const [row] = await this.em
      .getConnection()
      .execute<{ id: number; sale_type: Session['saleType'] }[]>(`select id, sale_type from catalog where id = ? and house_id = ?`, [
        catalogId,
        houseId,
      ]);
    if (!row) throw LotImagesError.sessionNotFound();
    return { id: row.id, saleType: row.sale_type };
  }

  /** For the CLI, which names only the session. */
  async houseOf(catalogId: number): Promise<number | null> {
    const [row] = await this.em.getConnection().execute<{ house_id: number }[]>(`select house_id from catalog where id = ?`, [catalogId]);
    return row?.house_id ?? null;
  }

  private async lotIndex(houseId: number, catalogId: number): Promise<ImageLotIndex> {
    const lots: { id: number; lot_number: string | null; lot_ext: string | null; inv_number: string | null }[] = await this.em
      .getConnection()
      .execute(`select id, lot_number, lot_ext, inv_number from lot where house_id = ? and catalog_id = ? and status <> 'd'`, [
        houseId,
        catalogId,
      ]);
    return buildImageLotIndex(lots.map((l) => ({ id: l.id, lotNumber: l.lot_number, lotExt: l.lot_ext, invNumber: l.inv_number })));
  }

  /** The lot a register record names, or why it names none. */
  private lotOf(item: RegisterItem, index: ImageLotIndex): number | ImageErrorCode {
    if (item.lotNum !== undefined && item.lotNum !== '') {
      const m = /^0*(\d{1,8})$/.exec(item.lotNum.trim());
      const ext = (item.lotExt ?? '').trim().toUpperCase();
      if (!m || !/^[A-Z]?$/.test(ext)) return 'lotNum';
      return index.byLot.get(`${m[1]}${ext}`) ?? 'lotNum';
    }
    if (item.invNumber !== undefined && item.invNumber !== '')
      return index.byInventory.get(normalizeInventoryNumber(item.invNumber)) ?? 'invNum';
    return 'lotNum';
  }

  /** The bytes behind `imageURL`: an upload slot of this session whose PUT succeeded. */
  private async uploadedBytes(
    houseId: number,
    catalogId: number,
    imageUrl: string,
  ): Promise<{ key: string; bytes: Buffer; direct: { uploadId: number; contentType: string } | null } | ImageErrorCode> {
    const m = UPLOAD_PATH.exec(imageUrl ?? '');
    if (!m) return 'default';
    const [row] = await this.em.getConnection().execute<{ storage_key: string; byte_size: number | null }[]>(
      // Past the grace the sweep may be deleting the slot's bytes: both sides use the same cut-off.
      `select storage_key, byte_size from image_upload
          where id = ? and house_id = ? and catalog_id = ? and expires_at >= now() - make_interval(secs => ?)`,
      [Number(m[1]), houseId, catalogId, UPLOAD_GRACE_MS / 1000],
    );
    if (!row) return 'default';
    // Bytes PUT to this server were checked on arrival (byte_size set); bytes PUT straight to the store
    // (S3's presigned URL) are read back from it, refused unsent or oversized, and the slot recorded.
    const direct = row.byte_size === null;
    if (direct && !this.storage.directUploads) return 'default';
    const file = await this.storage.get(row.storage_key);
    if (!file) return 'default';
    if (file.size > IMAGE_UPLOAD.maxBytes) {
      file.body.destroy();
      return 'size';
    }
    const bytes = await readCapped(file.body, IMAGE_UPLOAD.maxBytes);
    if (!bytes) return 'size';
    return { key: row.storage_key, bytes, direct: direct ? { uploadId: Number(m[1]), contentType: file.contentType } : null };
  }

  /**
   * An image PUT straight to the store, now checked: its slot recorded as the signed PUT would have,
   * and its stored content type made the sniffed one (the client chose the header; the original is
   * served with it).
   */
  private async acceptDirect(key: string, bytes: Buffer, direct: { uploadId: number; contentType: string }, contentType: string) {
    if (direct.contentType !== contentType) await this.storage.put(key, bytes, contentType);
    await this.em
      .getConnection()
      .execute(`update image_upload set uploaded_at = coalesce(uploaded_at, now()), byte_size = ?, content_type = ? where id = ?`, [
        bytes.length,
        contentType,
        direct.uploadId,
      ]);
  }

  /**
   * Both sizes stored under a content hash (so a replaced image gets new URLs and no cache serves
   * the old one), then the row upserted at (lot, sequence) in one statement that also answers the
   * replaced row's keys (the `old` CTE reads the statement's snapshot, before the upsert) and sets
   * the URLs from the row's id (a new row's id is taken from its sequence first), then the replaced
   * image's sizes deleted.
   */
  async store(houseId: number, catalogId: number, lotId: number, sequence: number, originalKey: string, r: Renditions): Promise<Stored> {
    const hash = createHash('sha256').update(r.display).digest('hex').slice(0, 12);
    const prefix = `house/${houseId}/catalog/${catalogId}/lots/${lotId}/${sequence}-${hash}`;
    const [displayKey, thumbKey] = [`${prefix}-display.jpg`, `${prefix}-thumb.jpg`];
    await Promise.all([this.storage.put(displayKey, r.display, 'image/jpeg'), this.storage.put(thumbKey, r.thumb, 'image/jpeg')]);
    const [urlQuery, thumbQuery] = [`?v=${hash}`, `?size=thumb&v=${hash}`];
    const [row] = await this.em
      .getConnection()
      .execute<{ id: number; old_display: string | null; old_thumb: string | null; old_original: string | null; replaced: boolean }[]>(
        `with old as (
         select display_key, thumb_key, original_key from lot_image where lot_id = ? and sequence = ?
       ), nid as (
         select nextval(pg_get_serial_sequence('lot_image', 'id'))::int as id
       ), up as (
         insert into lot_image (id, house_id, lot_id, sequence, url, thumb_url, original_key, display_key, thumb_key, width, height)
         select nid.id, ?, ?, ?, '/cps/app/image/file/' || nid.id || ?, '/cps/app/image/file/' || nid.id || ?, ?, ?, ?, ?, ? from nid
         on conflict (lot_id, sequence) do update set
           url = '/cps/app/image/file/' || lot_image.id || ?, thumb_url = '/cps/app/image/file/' || lot_image.id || ?,
           original_key = excluded.original_key, display_key = excluded.display_key, thumb_key = excluded.thumb_key,
           width = excluded.width, height = excluded.height, created_at = now()
         returning id
       )
       select up.id, old.display_key as old_display, old.thumb_key as old_thumb, old.original_key as old_original,
         exists (select from old) as replaced
       from up left join old on true`,
        [
          lotId,
          sequence,
          houseId,
          lotId,
          sequence,
          urlQuery,
          thumbQuery,
          originalKey,
          displayKey,
          thumbKey,
          r.facts.width,
          r.facts.height,
          urlQuery,
          thumbQuery,
        ],
      );
    const url = `/cps/app/image/file/${row.id}${urlQuery}`;
    const thumbUrl = `/cps/app/image/file/${row.id}${thumbQuery}`;
    if (row.replaced) {
      const stale = [row.old_display, row.old_thumb, row.old_original].filter(
        (k): k is string => !!k && ![displayKey, thumbKey, originalKey].includes(k),
      );
      await Promise.all(stale.map((k) => this.storage.delete(k).catch(() => undefined)));
    }
    return { photoId: row.id, url, thumbUrl, replaced: row.replaced };
  }
}

/** Past this much, an oversized body is cut off instead of drained (the client gets no answer). */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/**
 * Reads a stream into memory, or null once it passes `max` bytes. The rest is read and dropped
 * (up to DRAIN_LIMIT) so an HTTP client still receives the 413 instead of a reset connection.
 */
export async function readCapped(body: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > DRAIN_LIMIT) break;
    if (size <= max) chunks.push(chunk as Buffer);
  }
  if (size > max) return null;
  // A stored file read in one chunk (LocalDiskStorage reads up to 1 MB at a time) needs no copy.
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
}

/** `fn` over `items`, at most `limit` at a time, answers in input order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
