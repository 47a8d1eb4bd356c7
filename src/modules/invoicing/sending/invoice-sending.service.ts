/**
 * Sending invoices exactly once per version (docs/decisions/invoice-sending.md).
 *
 * `send` records, in one transaction that locks the invoices (ordered by id, as every edit does),
 * one `invoice_send` row per invoice with the InvoicePreview of the locked version; the unique
 * (invoice, version) index and `on conflict do nothing` let only one request record a version.
 * Recording sets the sent date (Sent status) and clears edited-after-send, without a new version.
 * After the commit it enqueues `invoice-send`, which renders each recorded row from its snapshot,
 * stores the PDF and, in one transaction per invoice, queues the mail and links the row to it.
 */
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  PREVIEW_TEXT,
  type Delivery,
  type InvoiceConfirmation,
  type InvoiceConfirmationTotal,
  type InvoicePreview,
  type SendOutcome,
} from '@ar/rules';
import { APP_CONFIG } from '../../../core/config/config.module';
import { AppConfig } from '../../../core/config/app-config';
import { MailService } from '../../../core/mail/mail.service';
import { defineJob } from '../../../core/queue/job-definition';
import { JobsService } from '../../../core/queue/jobs.service';
import { FILE_STORAGE, FileStorage } from '../../../core/storage/file-storage';
import { renderInvoiceHtml } from '../documents/invoice-html';
import { renderInvoicesPdf } from '../documents/invoice-pdf';
import { renderInvoiceText } from '../documents/invoice-text';
import { EditingError, EditingErrorCode, STALE_INVOICE_TEXT } from '../editing/core/editing.errors';
import { InvoiceDetailsService } from '../invoices/invoice-details.service';
import { InvoicesError } from '../invoices/invoices.errors';
import { amount } from '../invoices/money-json';
import { formatUsDate } from '../math/statuses';
import { InvoicePreviewService } from '../preview/invoice-preview.service';
import type { InvoiceSendStatus } from './invoice-send.entity';

export interface InvoiceSendPayload {
  groupId: number;
}

/**
 * Renders and queues the mail of every `recorded` send row of a group (the run carries the house).
 * Idempotent: only rows still `recorded` are taken, each claimed with `for update skip locked`.
 */
export const INVOICE_SEND = defineJob<InvoiceSendPayload>('invoicing', 'invoice-send', { maxAttempts: 5, backoffMs: 2000 });

export const INVOICE_MAIL_KIND = 'invoice.send';

/** Rows rendered per round of the job (each still claimed and queued in its own transaction). */
const BATCH = 25;

/** Previews built again when an invoice changed between its preview and its lock (then 409). */
const MAX_RECORD_ATTEMPTS = 3;

/** A row left `recorded` this long is given a run by the sweep. */
const STUCK_AFTER_SECONDS = 120;

type Row = Record<string, unknown>;
type Exec = <T = Row>(sql: string, params?: unknown[]) => Promise<T[]>;

const marks = (list: readonly unknown[]) => list.map(() => '?').join(', ');

/** The address part of `Name <address>` (or the whole text). */
const addressOf = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
/** `"Name" <address>`, the name quoted (quotes and backslashes escaped, line breaks dropped). */
const named = (name: string, address: string) => {
  const clean = name.replace(/[\r\n]+/g, ' ').trim();
  return clean ? `"${clean.replace(/(["\\])/g, '\\$1')}" <${address}>` : address;
};

@Injectable()
export class InvoiceSendingService {
  constructor(
    private readonly em: EntityManager,
    private readonly previews: InvoicePreviewService,
    private readonly details: InvoiceDetailsService,
    private readonly jobs: JobsService,
    private readonly mail: MailService,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get conn() {
    return this.em.getConnection();
  }

  /**
   * `POST invoiceGroup/{id}/invoiceSend`. Ids of other groups or houses are ignored; another house's group is 404.
   * `opts.sentAt` records the send at that past moment instead of now (the demo data's group sent
   * three days ago): the sent date, the send row's time and the document's dates all read it.
   */
  async send(houseId: number, groupId: number, ids: readonly number[], opts: { sentAt?: Date } = {}): Promise<SendOutcome> {
    await this.assertGroup(houseId, groupId);
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    let counts: Omit<SendOutcome, 'success' | 'jobId'> | null = null;
    for (let attempt = 1; !counts; attempt++) {
      // Built right before the transaction (it reads on connections of its own, which must not wait
      // behind locks this request holds); the transaction checks it is of the locked versions.
      const previews = new Map((await this.previews.previews(houseId, groupId, unique)).map((p) => [p.invoiceID, p]));
      counts = await this.record(houseId, groupId, unique, previews, opts.sentAt ?? null);
      if (!counts && attempt >= MAX_RECORD_ATTEMPTS) throw new EditingError(EditingErrorCode.STALE_VERSION, STALE_INVOICE_TEXT);
    }
    const jobId = await this.enqueue(houseId, groupId);
    return { success: 'true', jobId, ...counts };
  }

  /** The one transaction of a send; null when an invoice changed after its preview was built (build again). */
  private record(
    houseId: number,
    groupId: number,
    ids: readonly number[],
    previews: ReadonlyMap<number, InvoicePreview>,
    sentAt: Date | null,
  ): Promise<Omit<SendOutcome, 'success' | 'jobId'> | null> {
    return this.em.transactional(async (tx) => {
      const conn = tx.getConnection();
      const trx = tx.getTransactionContext();
      const exec: Exec = (sql, params = []) => conn.execute(sql, params, 'all', trx);
      // Ordered by id, as every edit locks them: two sends over the same invoices queue, never deadlock.
      const locked = await exec<{ id: number; version: number; email: string | null; now: Date }>(
        `select id, version, email, coalesce(?::timestamptz, now()) as now from invoice where house_id = ? and group_id = ? and id in (${marks(ids)}) order by id for update`,
        [sentAt, houseId, groupId, ...ids],
      );
      if (!locked.length) return { invoiceCount: 0, recorded: 0, alreadySent: 0, notSent: 0 };
      if (locked.some((inv) => previews.get(inv.id)?.version !== inv.version)) return null;
      const today = formatUsDate(new Date(locked[0].now));
      const rows: [number, number, InvoiceSendStatus, string | null, InvoicePreview][] = [];
      for (const inv of locked) {
        const preview = previews.get(inv.id) as InvoicePreview;
        const to = inv.email?.trim() || preview.billingAddress.email?.trim() || null;
        if (!to) {
          rows.push([inv.id, inv.version, 'not_sent', PREVIEW_TEXT.noEmail, preview]);
          continue;
        }
        // The document as sent: dated and sent today (the sent date Group Details shows), no resend pending.
        const snapshot: InvoicePreview = {
          ...preview,
          invoiceDate: today,
          invoiceSentDateString: today,
          needsResend: false,
          billingAddress: { ...preview.billingAddress, email: to },
        };
        rows.push([inv.id, inv.version, 'recorded', null, snapshot]);
      }
      const inserted = await exec<{ invoice_id: number; status: InvoiceSendStatus }>(
        `insert into invoice_send (house_id, group_id, invoice_id, version, status, reason, snapshot, created_at)
         select ?, ?, (v->>0)::int, (v->>1)::int, v->>2, v->>3, v->4, coalesce(?::timestamptz, now()) from jsonb_array_elements(?::jsonb) as v
         on conflict (invoice_id, version) where status <> 'not_sent' do nothing
         returning invoice_id, status`,
        [houseId, groupId, sentAt, JSON.stringify(rows)],
      );
      const recordedIds = inserted.filter((r) => r.status === 'recorded').map((r) => r.invoice_id);
      if (recordedIds.length) {
        // Sending is no edit: the version stays (the row just recorded is of this version).
        await exec(
          `update invoice set sent_at = coalesce(?::timestamptz, now()), edited_after_send = false where house_id = ? and id in (${marks(recordedIds)})`,
          [sentAt, houseId, ...recordedIds],
        );
        // Its additional charges go out with it: their status reads 'Sent {date}' (a hidden one is not on the invoice).
        await exec(
          `update invoice_additional_charge set sent_at = coalesce(?::timestamptz, now()) where house_id = ? and not hidden and invoice_id in (${marks(recordedIds)})`,
          [sentAt, houseId, ...recordedIds],
        );
      }
      const notSent = rows.filter((r) => r[2] === 'not_sent').length;
      return {
        invoiceCount: locked.length,
        recorded: recordedIds.length,
        alreadySent: locked.length - notSent - recordedIds.length,
        notSent,
      };
    });
  }

  /**
   * One run per state of the group's sends: the key is the newest send row, so a double click (no
   * new row) gets the same run, and a later send (new rows) a new one. Rows of this send are tagged.
   */
  private async enqueue(houseId: number, groupId: number, prefix = 'send'): Promise<string> {
    const [{ last }] = await this.conn.execute<{ last: number | null }[]>(
      `select max(id) as last from invoice_send where house_id = ? and group_id = ? and status <> 'not_sent'`,
      [houseId, groupId],
    );
    // Tagged before the job can start: once it claims a row, the row is no longer `recorded`.
    const run = await this.jobs.enqueue(
      INVOICE_SEND,
      { groupId },
      {
        houseId,
        key: `${prefix}:${groupId}:${last ?? 0}`,
        beforeDispatch: (runId) =>
          this.conn.execute(
            `update invoice_send set job_id = ? where house_id = ? and group_id = ? and status = 'recorded' and job_id is null`,
            [runId, houseId, groupId],
          ),
      },
    );
    return run.id;
  }

  /**
   * The job: renders each `recorded` row of the group from its snapshot, stores the PDF, and queues
   * its mail in one transaction per invoice that claims the row (`for update skip locked`, still
   * `recorded`) and links it to the mail. A row claimed elsewhere or done meanwhile is skipped.
   */
  async queueRecordedMails(
    houseId: number,
    groupId: number,
    progress: (done: number, total: number) => Promise<void>,
  ): Promise<{ queued: number; skipped: number }> {
    const [{ n }] = await this.conn.execute<{ n: string }[]>(
      `select count(*) as n from invoice_send where house_id = ? and group_id = ? and status = 'recorded'`,
      [houseId, groupId],
    );
    const total = Number(n);
    let done = 0;
    let queued = 0;
    let after = 0;
    const failed: string[] = [];
    await progress(0, total);
    for (;;) {
      const batch = await this.conn.execute<{ id: number; invoice_id: number; version: number; snapshot: InvoicePreview }[]>(
        `select id, invoice_id, version, snapshot from invoice_send
          where house_id = ? and group_id = ? and status = 'recorded' and id > ? order by id limit ?`,
        [houseId, groupId, after, BATCH],
      );
      if (!batch.length) break;
      for (const row of batch) {
        after = row.id;
        try {
          if (await this.queueOne(houseId, row)) queued++;
        } catch (e) {
          // One invoice that cannot be rendered or stored does not hold back the others; it stays
          // `recorded`, and the run fails below so that its next attempt (or the sweep) tries it again.
          failed.push(`invoice ${row.invoice_id}: ${e instanceof Error ? e.message : String(e)}`);
        }
        done++;
        await progress(Math.min(done, total), Math.max(done, total));
      }
    }
    if (failed.length) throw new Error(`${failed.length} invoice mail(s) not queued; ${failed[0]}`);
    return { queued, skipped: done - queued };
  }

  private async queueOne(
    houseId: number,
    row: { id: number; invoice_id: number; version: number; snapshot: InvoicePreview },
  ): Promise<boolean> {
    const p = row.snapshot;
    // Rendered before the claim (a PDF takes a while; no lock is held meanwhile). The key is the
    // row's: a retry writes the same file again.
    const [html, text, pdf] = [renderInvoiceHtml(p), renderInvoiceText(p), await renderInvoicesPdf([p])];
    const storageKey = `invoices/${houseId}/${row.invoice_id}-v${row.version}-${row.id}.pdf`;
    await this.files.put(storageKey, pdf, 'application/pdf');
    return this.em.transactional(async (tx) => {
      const conn = tx.getConnection();
      const trx = tx.getTransactionContext();
      const claimed = await conn.execute(
        `select id from invoice_send where id = ? and house_id = ? and status = 'recorded' and mail_id is null for update skip locked`,
        [row.id, houseId],
        'all',
        trx,
      );
      if (!claimed.length) return false;
      const mailId = await this.mail.queue({
        houseId,
        kind: INVOICE_MAIL_KIND,
        to: p.billingAddress.email as string,
        from: named(p.email.fromName, addressOf(this.config.mailFrom)),
        replyTo: p.email.replyTo?.trim() ? named(p.email.fromName, p.email.replyTo.trim()) : undefined,
        bcc: p.email.bcc?.trim() || undefined,
        subject: p.email.subject,
        text,
        html,
        attachments: [{ filename: `Invoice-${p.invoiceNumber}.pdf`, contentType: 'application/pdf', storageKey }],
      });
      await conn.execute(`update invoice_send set status = 'queued', mail_id = ? where id = ?`, [mailId, row.id], 'run', trx);
      return true;
    });
  }

  /** The sweep: a run for every group with rows left `recorded` and no run waiting or running for it. */
  async recoverRecorded(): Promise<number> {
    const stuck = await this.conn.execute<{ house_id: number; group_id: number }[]>(
      `select distinct s.house_id, s.group_id from invoice_send s
        where s.status = 'recorded' and s.created_at < now() - make_interval(secs => ?)
          and not exists (select 1 from job_run j where j.queue = ? and j.name = ? and j.house_id = s.house_id
                           and j.status in ('queued', 'running') and (j.payload->>'groupId')::int = s.group_id)`,
      [STUCK_AFTER_SECONDS, INVOICE_SEND.queue, INVOICE_SEND.name],
    );
    // A new key per sweep slot: the run the send call enqueued may have failed for good.
    const slot = Math.floor(Date.now() / 300_000);
    for (const s of stuck) await this.enqueue(s.house_id, s.group_id, `recover${slot}`);
    return stuck.length;
  }

  /**
   * `POST invoiceGroup/{id}/invoiceSendConfirmation`: the Sent page's data, in the order asked. Each
   * invoice's delivery comes from its latest send row and that row's mail in the outbox.
   */
  async confirmation(
    houseId: number,
    groupId: number,
    ids: readonly number[],
  ): Promise<{ invoiceConfirmations: InvoiceConfirmation[]; invoiceConfirmationTotal: InvoiceConfirmationTotal }> {
    const unique = [...new Set(ids)];
    const views = await this.details.invoicesOfGroup(houseId, groupId, unique);
    const order = new Map(unique.map((id, i) => [id, i]));
    views.sort((a, b) => (order.get(a.invoiceID) ?? 0) - (order.get(b.invoiceID) ?? 0));
    const latest = new Map<
      number,
      { status: InvoiceSendStatus; reason: string | null; mail_status: string | null; last_error: string | null }
    >();
    if (views.length) {
      const found = views.map((v) => v.invoiceID);
      const rows = await this.conn.execute<
        { invoice_id: number; status: InvoiceSendStatus; reason: string | null; mail_status: string | null; last_error: string | null }[]
      >(
        `select distinct on (s.invoice_id) s.invoice_id, s.status, s.reason, m.status as mail_status, m.last_error
           from invoice_send s left join mail_outbox m on m.id = s.mail_id
          where s.house_id = ? and s.group_id = ? and s.invoice_id in (${marks(found)})
          order by s.invoice_id, s.id desc`,
        [houseId, groupId, ...found],
      );
      for (const r of rows) latest.set(r.invoice_id, r);
    }
    const sum = (f: (v: (typeof views)[number]) => number) => views.reduce((acc, v) => acc + f(v), 0);
    const invoiceTotalCents = sum((v) => v.invoiceTotalCents);
    // Pending charges as Group Details counts them: the outstanding balances (GROUP_SQL's sum of balance_cents).
    const pendingChargesCents = sum((v) => v.outStandingBalanceCents);
    return {
      invoiceConfirmations: views.map((v) => {
        const { delivery, deliveryReason } = deliveryOf(latest.get(v.invoiceID));
        return {
          invoiceID: v.invoiceID,
          invoiceNumber: v.invoiceNumber,
          memberName: v.name,
          companyName: v.companyName,
          companyID: v.companyID,
          location: v.location,
          currencyCode: v.currencyCode,
          outstandingBalance: v.outStandingBalance,
          outstandingBalanceCents: v.outStandingBalanceCents,
          invoiceStatus: v.invoiceStatus,
          delivery,
          deliveryReason,
          sentDateString: v.invoiceSentDateString,
        };
      }),
      invoiceConfirmationTotal: {
        invoiceCount: views.length,
        itemCount: sum((v) => v.itemCount),
        invoiceTotal: amount(invoiceTotalCents),
        invoiceTotalCents,
        pendingCharges: amount(pendingChargesCents),
        pendingChargesCents,
      },
    };
  }

  private async assertGroup(houseId: number, groupId: number): Promise<void> {
    const rows = await this.conn.execute(`select id from invoice_group where id = ? and house_id = ?`, [groupId, houseId]);
    if (!rows.length) throw InvoicesError.groupNotFound();
  }
}

/** The delivery of an invoice from its latest send row and that row's mail. */
export function deliveryOf(
  row: { status: InvoiceSendStatus; reason: string | null; mail_status: string | null; last_error: string | null } | undefined,
): { delivery: Delivery; deliveryReason: string | null } {
  if (!row) return { delivery: 'not_requested', deliveryReason: null };
  if (row.status === 'not_sent') return { delivery: 'not_sent', deliveryReason: row.reason };
  if (row.mail_status === 'sent') return { delivery: 'sent', deliveryReason: null };
  if (row.mail_status === 'failed') return { delivery: 'failed', deliveryReason: row.last_error };
  // Recorded (being rendered) or in the outbox; a retried attempt shows its last error.
  return { delivery: 'queued', deliveryReason: row.last_error ?? null };
}
