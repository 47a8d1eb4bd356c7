import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { FILE_STORAGE, FileStorage } from '../../../core/storage/file-storage';

/**
 * How long after its link expired a slot may still be registered. The image step registers a file
 * as soon as its PUT answers, so a day is room for a dropped connection and a retry, never a limit.
 */
export const UPLOAD_GRACE_MS = 24 * 3_600_000;

/** Slots handled per round: one select, at most this many storage deletes, one delete. */
const SWEEP_BATCH = 500;
/** Storage deletes at once (an S3 DELETE is a round trip each). */
const DELETE_CONCURRENCY = 8;

/** An int[] literal: knex would expand a JS array binding into a list of placeholders. */
const pgIntArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

export interface SweepResult {
  /** Slots removed with their key's bytes (never used, or used and never registered). */
  slots: number;
  /** Slots kept because their file could not be deleted (retried at the next sweep). */
  failed: number;
}

/**
 * Removes upload slots nobody will register: links that expired more than UPLOAD_GRACE_MS ago and
 * whose key is no lot image's original. Their stored bytes go first, through FileStorage (local disk
 * or S3: a direct S3 PUT leaves bytes we never recorded, so every swept slot's key is deleted, present
 * or not), then the rows. Idempotent: a re-run, or a run after a crash between the two, finds the
 * same rows and deletes already-missing files without error. docs/decisions/lot-images.md.
 */
@Injectable()
export class ImageUploadSweepService {
  private readonly logger = new Logger('ImageUploadSweep');

  constructor(
    private readonly em: EntityManager,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async sweep(graceMs = UPLOAD_GRACE_MS): Promise<SweepResult> {
    const conn = this.em.getConnection();
    const result: SweepResult = { slots: 0, failed: 0 };
    const failedIds: number[] = [];
    for (;;) {
      const rows = await conn.execute<{ id: number; storage_key: string }[]>(
        `select u.id, u.storage_key from image_upload u
          where u.expires_at < now() - make_interval(secs => ?)
            and not exists (select 1 from lot_image i where i.original_key = u.storage_key)
            and u.id <> all(?::int[])
          order by u.id
          limit ?`,
        [graceMs / 1000, pgIntArray(failedIds), SWEEP_BATCH],
      );
      if (!rows.length) break;
      const done: typeof rows = [];
      for (let i = 0; i < rows.length; i += DELETE_CONCURRENCY) {
        const chunk = rows.slice(i, i + DELETE_CONCURRENCY);
        const settled = await Promise.allSettled(chunk.map((r) => this.storage.delete(r.storage_key)));
        settled.forEach((s, j) => {
          if (s.status === 'fulfilled') return done.push(chunk[j]);
          failedIds.push(chunk[j].id);
          this.logger.warn(`could not delete ${chunk[j].storage_key}: ${s.reason instanceof Error ? s.reason.message : s.reason}`);
        });
      }
      // Registered meanwhile (a late register call): the row stays with the image that now owns the key.
      const deleted = await conn.execute<{ id: number }[]>(
        `delete from image_upload u where u.id = any(?::int[])
            and not exists (select 1 from lot_image i where i.original_key = u.storage_key)
          returning u.id`,
        [pgIntArray(done.map((r) => r.id))],
      );
      result.slots += deleted.length;
      if (rows.length < SWEEP_BATCH) break;
    }
    result.failed = failedIds.length;
    return result;
  }
}
