import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Archiver, ArchiverError, ZipOptions } from 'archiver';
import { PassThrough, Readable } from 'node:stream';
import { DomainError } from '../../../core/errors/domain-error';
import { lazyModule } from '../../../core/lazy-module';
import { FILE_STORAGE, FileStorage } from '../../../core/storage/file-storage';
import { UrlSigner } from '../../../core/storage/signed-url';
import { LotSheetError } from '../spreadsheets/lot-sheet.errors';
import { writeStandardXlsx, type ExportLot } from '../spreadsheets/sheet-export';
import { CATALOG_SNAPSHOT, SnapshotPayload, SnapshotResult } from './snapshot.job';

/** archiver 7 exports a factory; the installed @types/archiver (8) describes archiver 8's classes. */
const archiver = lazyModule<(format: 'zip', options: ZipOptions) => Archiver>('archiver');
const createZip = (options: ZipOptions): Archiver => archiver()('zip', options);

/** How long a snapshot's download link works. */
export const SNAPSHOT_URL_TTL_MS = 60 * 60 * 1000;
/** Lots read per query while the sheet is written: never the whole session in memory. */
const LOT_BATCH = 1000;

export type SnapshotProgress = (done: number, total: number) => Promise<void> | void;

export const snapshotKey = (houseId: number, catalogId: number, runId: string): string =>
  `house/${houseId}/snapshot/catalog-${catalogId}/${runId}.zip`;
export const snapshotName = (catalogId: number): string => `snapshot-${catalogId}.zip`;
export const snapshotSheetName = (catalogId: number): string => `lot-data-${catalogId}.xlsx`;

/** Lots of the session not deleted, by lot number (as a number), extension, then inventory number. */
const LOT_ORDER = `case when l.lot_number ~ '^[0-9]{1,9}$' then l.lot_number::int end nulls last, l.lot_number, l.lot_ext nulls first, l.inv_number, l.id`;

interface ImageRow {
  lot_number: string | null;
  lot_ext: string | null;
  inv_number: string | null;
  lot_id: number;
  sequence: number;
  file_key: string | null;
}

/**
 * The image's name in the zip: the image upload's own rule, `{lot number}{ext}.{sequence}.{type}`
 * (inventory number for a lot without a number), so the folder can be uploaded again as it is.
 */
export function snapshotImageName(r: Omit<ImageRow, 'file_key'>, contentType: string): string {
  const type = contentType === 'image/png' ? 'png' : 'jpg';
  const who = r.lot_number ? `${r.lot_number}${r.lot_ext ?? ''}` : (r.inv_number ?? `lot-${r.lot_id}`);
  return `images/${who}.${r.sequence}.${type}`;
}

/**
 * Catalog snapshots (spec 001 "Catalog snapshot page", section 7 "Snapshot"): a zip of the lot data
 * as a Standard .xlsx (sheet-export.ts) and the lots' images, streamed into FileStorage by the job
 * `catalog-snapshot` (archiver reads one image at a time), then downloaded through a signed link.
 * Every query is scoped by house; another house's session is the same 404 as none.
 */
@Injectable()
export class SnapshotService {
  constructor(
    private readonly em: EntityManager,
    private readonly signer: UrlSigner,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Refuses an unknown session (or another house's) with the upload step's 404. */
  async assertSession(houseId: number, catalogId: number): Promise<void> {
    const rows = await this.em.getConnection().execute('select 1 from catalog where id = ? and house_id = ?', [catalogId, houseId]);
    if (!rows.length) throw LotSheetError.sessionNotFound();
  }

  /** The job's work: the zip streamed into storage under the run's key, and its signed link. */
  async build(houseId: number, p: SnapshotPayload, runId: string, onProgress?: SnapshotProgress): Promise<SnapshotResult> {
    await this.assertSession(houseId, p.catalogId);
    const key = snapshotKey(houseId, p.catalogId, runId);
    const archive = createZip({ zlib: { level: 6 } });
    const state: { failure: ArchiverError | null } = { failure: null };
    archive.on('error', (e: ArchiverError) => (state.failure = e));
    archive.on('warning', (e: ArchiverError) => (state.failure = e));
    const stored = this.storage.put(key, archive, 'application/zip');
    stored.catch(() => undefined);

    let lots = 0;
    let images = 0;
    let skipped = 0;
    try {
      const lotTotal = p.includeXls ? await this.lotCount(houseId, p.catalogId) : 0;
      const imageRows = p.images ? (await this.imageRows(houseId, p.catalogId)).slice(p.startImage, p.endImage) : [];
      const total = lotTotal + imageRows.length;
      await onProgress?.(0, total);

      if (p.includeXls) {
        const sheet = new PassThrough();
        const added = this.entryDone(archive);
        archive.append(sheet, { name: snapshotSheetName(p.catalogId) });
        lots = await writeStandardXlsx(
          this.lots(houseId, p.catalogId, (n) => onProgress?.(n, total)),
          sheet,
        );
        await added;
      }
      for (const [i, r] of imageRows.entries()) {
        const file = r.file_key ? await this.storage.get(r.file_key) : null;
        if (file) {
          const added = this.entryDone(archive);
          archive.append(file.body, { name: snapshotImageName(r, file.contentType) });
          await added;
          images++;
        } else skipped++;
        if (state.failure) throw state.failure;
        if ((i + 1) % 20 === 0 || i + 1 === imageRows.length) await onProgress?.(lotTotal + i + 1, total);
      }
      await archive.finalize();
      if (state.failure) throw state.failure;
    } catch (e) {
      archive.destroy(e instanceof Error ? e : new Error(String(e)));
      await this.storage.delete(key).catch(() => undefined);
      throw e;
    }
    const { size } = await stored;
    const signed = new URL(this.signer.sign('GET', key, new Date(Date.now() + SNAPSHOT_URL_TTL_MS)), 'http://x');
    const downloadUrl =
      `/cps/app/snapshot/${p.catalogId}/lot-data/${runId}/file` +
      `?expires=${signed.searchParams.get('expires')}&signature=${signed.searchParams.get('signature')}`;
    return { fileName: snapshotName(p.catalogId), downloadUrl, lots, images, skippedImages: skipped, size };
  }

  /** A finished run's zip, when the signed link is valid for this house, session and run; else 404. */
  async stored(
    houseId: number,
    catalogId: number,
    runId: string,
    expires: string | undefined,
    signature: string | undefined,
  ): Promise<{ fileName: string; body: Readable; size: number }> {
    const key = snapshotKey(houseId, catalogId, runId);
    const file = this.signer.verify('GET', key, expires, signature) ? await this.storage.get(key) : null;
    if (!file) throw DomainError.notFound('File');
    return { fileName: snapshotName(catalogId), body: file.body, size: file.size };
  }

  /** Deletes the zips of runs finished more than `olderThanHours` ago (their links expired long before), once each. */
  async deleteOldFiles(olderThanHours = 24): Promise<number> {
    const conn = this.em.getConnection();
    const runs = await conn.execute<{ id: string; house_id: number; catalog_id: number }[]>(
      `select id, house_id, (payload->>'catalogId')::int as catalog_id from job_run
        where queue = ? and name = ? and status = 'completed' and house_id is not null
          and finished_at < now() - make_interval(hours => ?) and result->>'fileDeletedAt' is null
        order by finished_at limit 500`,
      [CATALOG_SNAPSHOT.queue, CATALOG_SNAPSHOT.name, olderThanHours],
    );
    for (const r of runs) {
      await this.storage.delete(snapshotKey(r.house_id, r.catalog_id, r.id));
      await conn.execute(`update job_run set result = result || jsonb_build_object('fileDeletedAt', now()) where id = ?`, [r.id]);
    }
    return runs.length;
  }

  /** Resolves once archiver has written the entry just appended (so one image file is open at a time). */
  private entryDone(archive: Archiver): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = () => {
        archive.off('error', fail);
        resolve();
      };
      const fail = (e: Error) => {
        archive.off('entry', done);
        reject(e);
      };
      archive.once('entry', done);
      archive.once('error', fail);
    });
  }

  private async lotCount(houseId: number, catalogId: number): Promise<number> {
    const [r] = await this.em
      .getConnection()
      .execute<{ n: number }[]>(`select count(*)::int as n from lot where house_id = ? and catalog_id = ? and status <> 'd'`, [
        houseId,
        catalogId,
      ]);
    return r.n;
  }

  private async *lots(houseId: number, catalogId: number, onRead: (n: number) => unknown): AsyncGenerator<ExportLot> {
    const conn = this.em.getConnection();
    for (let offset = 0; ; offset += LOT_BATCH) {
      const rows = await conn.execute<ExportLot[]>(
        `select l.lot_number as "lotNumber", l.lot_ext as "lotExt", l.inv_number as "invNumber", l.title, l.description,
                l.dimensions, l.ship_length as "shipLength", l.ship_width as "shipWidth", l.ship_height as "shipHeight",
                l.ship_weight as "shipWeight", l.shipping_cents::float8 as "shippingCents",
                l.shipping_intl_cents::float8 as "shippingIntlCents", l.lo_est_cents::float8 as "loEstCents",
                l.hi_est_cents::float8 as "hiEstCents", l.starting_bid_cents::float8 as "startingBidCents",
                l.starting_bid_computed as "startingBidComputed", l.reserve_cents::float8 as "reserveCents",
                l.item_price_cents::float8 as "itemPriceCents", l.artist_name as "artistName", l.medium, l.condition,
                l.circa, l.provenance, l.literature, l.exhibited, l.notes,
                c.name as "consignorName", c.email as "consignorEmail"
           from lot l left join consignor c on c.id = l.consignor_id and c.house_id = l.house_id
          where l.house_id = ? and l.catalog_id = ? and l.status <> 'd'
          order by ${LOT_ORDER} limit ? offset ?`,
        [houseId, catalogId, LOT_BATCH, offset],
      );
      for (const r of rows) yield r;
      await onRead(offset + rows.length);
      if (rows.length < LOT_BATCH) return;
    }
  }

  /** Every image of the session's lots, in lot order then sequence: the index startImage/endImage count in. */
  private imageRows(houseId: number, catalogId: number): Promise<ImageRow[]> {
    return this.em.getConnection().execute<ImageRow[]>(
      `select l.lot_number, l.lot_ext, l.inv_number, l.id as lot_id, i.sequence,
              coalesce(i.original_key, i.display_key) as file_key
         from lot_image i join lot l on l.id = i.lot_id and l.house_id = i.house_id
        where l.house_id = ? and l.catalog_id = ? and l.status <> 'd'
        order by ${LOT_ORDER}, i.sequence`,
      [houseId, catalogId],
    );
  }
}
