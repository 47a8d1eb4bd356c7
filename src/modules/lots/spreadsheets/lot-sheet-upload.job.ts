import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SheetError, SheetWarning } from '@ar/rules';
import { DomainError } from '../../../core/errors/domain-error';
import { httpStatusOf } from '../../../core/errors/http-status-of';
import { defineJob, type FailedJob, type JobContext } from '../../../core/queue/job-definition';
import { JobFailedHandler, JobHandler } from '../../../core/queue/job-handler.decorator';
import { JobsService, type JobView } from '../../../core/queue/jobs.service';
import { FILE_STORAGE, type FileStorage } from '../../../core/storage/file-storage';
import { UploadReviewService } from '../upload-review/upload-review.service';
import { LotSheetService } from './lot-sheet.service';
import type { SheetFormat } from './sheet-columns';

/**
 * Large lot spreadsheets are read, checked and staged as a job (issue 13: "the request never blocks
 * on a big file"): the upload stores the file and answers 202 with the job's id; the run reports
 * progress on `/api/jobs/{id}` and ends with the answer the synchronous upload would have given
 * (`{ status, body }`, the body without the lots, which the review list reads from the staged rows).
 * Files under SHEET_JOB_MIN_BYTES (about 2,000 rows of csv) are still answered in the request.
 * docs/decisions/lot-spreadsheets.md "Large files".
 */
export const SHEET_JOB_MIN_BYTES = 256 * 1024;

export interface LotSheetUploadPayload {
  catalogId: number;
  /** The stored file (FileStorage), removed once the run ends. */
  key: string;
  name: string;
  format: SheetFormat;
}

export type LotSheetUploadBody =
  { data: { lots: []; lotCount: number }; warnings: SheetWarning[]; errors: SheetError[] } | { message: string };

export interface LotSheetUploadResult {
  /** The status the synchronous upload answers: 200, 400 with errors, or a refusal's. */
  status: number;
  body: LotSheetUploadBody;
}

export const LOT_SHEET_UPLOAD = defineJob<LotSheetUploadPayload>('imports', 'lot-sheet-upload', { maxAttempts: 2, backoffMs: 2000 });

export const LOT_SHEET_JOB_TEXT = {
  gone: 'The uploaded file is no longer available. Please upload it again.',
  superseded: 'A newer upload of this session replaced this one.',
} as const;

const sheetUploadKey = (houseId: number, catalogId: number) => `house/${houseId}/catalog/${catalogId}/sheet-uploads/${randomUUID()}`;

async function readAll(body: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

@Injectable()
export class LotSheetUploadJob {
  constructor(
    private readonly sheets: LotSheetService,
    private readonly review: UploadReviewService,
    private readonly jobs: JobsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** The pre-upload checks now (refused at once, as the synchronous upload), then the file stored and the run queued. */
  async enqueue(houseId: number, catalogId: number, file: { name: string; data: Buffer }, format: SheetFormat): Promise<JobView> {
    await this.sheets.precheck(houseId, catalogId, file);
    const key = sheetUploadKey(houseId, catalogId);
    await this.storage.put(key, file.data, 'application/octet-stream');
    return this.jobs.enqueue(LOT_SHEET_UPLOAD, { catalogId, key, name: file.name, format }, { houseId });
  }

  @JobHandler(LOT_SHEET_UPLOAD)
  async run(ctx: JobContext<LotSheetUploadPayload>): Promise<LotSheetUploadResult> {
    const p = ctx.payload;
    const houseId = ctx.houseId;
    if (houseId === null || !Number.isSafeInteger(p?.catalogId) || typeof p.key !== 'string')
      throw new Error('A lot-sheet-upload job needs a house, a catalog id and a stored file.');
    const stored = await this.storage.get(p.key);
    if (!stored) return { status: 400, body: { message: LOT_SHEET_JOB_TEXT.gone } };
    const data = await readAll(stored.body);
    let total = 0;
    try {
      const out = await this.sheets.upload(houseId, p.catalogId, { name: p.name, data }, p.format, {
        progress: (stage, done, n) => {
          // Recorded in the background: the read and the check are synchronous work.
          const note = (d: number, t: number, m: string) => void ctx.progress(d, t, m).catch(() => undefined);
          if (stage === 'reading' && done === 0) note(0, 0, 'Reading the file');
          if (stage === 'checking' && done === 0) note(0, (total = n), `Checking ${n.toLocaleString('en-US')} rows`);
        },
      });
      const staged = await this.review.stage(houseId, p.catalogId, out.lots, out.errors, {
        progress: (done, n) => ctx.progress(done, n, `Staged ${done.toLocaleString('en-US')} of ${n.toLocaleString('en-US')} rows`),
        guard: (em) => this.current(em, houseId, p.catalogId, ctx.runId),
      });
      if (!staged) return this.done(p.key, { status: 409, body: { message: LOT_SHEET_JOB_TEXT.superseded } });
      await ctx.progress(total, total, 'Done');
      return this.done(p.key, {
        status: out.errors.length ? 400 : 200,
        body: { data: { lots: [], lotCount: out.lots.length }, warnings: out.warnings, errors: out.errors },
      });
    } catch (e) {
      // A refusal (unreadable file, session gone) will not change on a retry: the run ends with it.
      if (e instanceof DomainError) return this.done(p.key, { status: httpStatusOf(e.kind), body: { message: e.message } });
      throw e;
    }
  }

  @JobFailedHandler(LOT_SHEET_UPLOAD)
  async failed(job: FailedJob<LotSheetUploadPayload>): Promise<void> {
    if (typeof job.payload?.key === 'string') await this.storage.delete(job.payload.key).catch(() => undefined);
  }

  private async done(key: string, result: LotSheetUploadResult): Promise<LotSheetUploadResult> {
    await this.storage.delete(key).catch(() => undefined);
    return result;
  }

  /**
   * Still the session's latest upload: no upload staged rows, and no other upload job was queued,
   * since this run was. Otherwise staging would replace the newer upload's review list.
   */
  private async current(em: EntityManager, houseId: number, catalogId: number, runId: string): Promise<boolean> {
    const rows = await em.execute<{ newer: boolean }[]>(
      `select exists (select 1 from lot_upload_row u where u.house_id = ? and u.catalog_id = ? and u.created_at > r.created_at)
           or exists (select 1 from job_run o where o.house_id = r.house_id and o.queue = r.queue and o.name = r.name
                       and o.id <> r.id and (o.payload->>'catalogId')::int = ? and o.created_at > r.created_at) as newer
         from job_run r where r.id = ?`,
      [houseId, catalogId, catalogId, runId],
    );
    return rows[0] ? !rows[0].newer : true;
  }
}
