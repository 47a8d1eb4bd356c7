/**
 * Auto-charge (issue 11 "Auto-charge"; docs/decisions/card-charging.md, section Auto-charge): the
 * eligible list of the Auto-charge page, setting or removing the date, and the scheduled run.
 *
 * The run charges through CardChargingService.chargeOne (claim, charge, record: exactly once per
 * attempt). Each try is first claimed in `invoice_auto_charge_run` (unique invoice, date, try), so two
 * runs (a duplicate job delivery, two instances, the CLI next to the cron) never try one invoice twice
 * in one window. A declined try is tried again 24 hours later, up to AUTO_CHARGE_MAX_ATTEMPTS tries;
 * the bidder is emailed a payment reminder (outbox) on each decline. After the last failed try the
 * date is cleared, so the invoice can be charged in a batch again.
 */
import { Inject, Injectable } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  AUTO_CHARGE_RETRY_MS,
  AUTO_CHARGE_TEXT,
  autoChargeDateInWindow,
  autoChargeWindow,
  parseCalendarDate,
  type AutoChargeEligibleInvoice,
  cardProcessingAllowed,
  todayIn,
  type ChargeIneligibilityReason,
} from '@ar/rules';
import { APP_CONFIG } from '../../../../core/config/config.module';
import type { AppConfig } from '../../../../core/config/app-config';
import { DomainError, PERMISSION_DENIED_TEXT } from '../../../../core/errors/domain-error';
import { MailService } from '../../../../core/mail/mail.service';
import { HousesService } from '../../../houses/houses.service';
import { InvoicesError } from '../../invoices/invoices.errors';
import { amount, currencySymbol } from '../../invoices/money-json';
import { formatUsDate } from '../../math/statuses';
import { CardChargingService } from '../charging/card-charging.service';

/** The list ignores the timing reasons (by the chosen date they no longer hold); the run ignores its own schedule. */
export const AUTO_CHARGE_LIST_IGNORES: readonly ChargeIneligibilityReason[] = ['sentRecently', 'autoChargeScheduled'];
export const AUTO_CHARGE_RUN_IGNORES: readonly ChargeIneligibilityReason[] = ['autoChargeScheduled'];

const RUN_ACTOR = { userId: 0, userName: 'auto-charge' };
const marks = (ids: readonly unknown[]) => ids.map(() => '?').join(', ');

export interface AutoChargeRunReport {
  date: string | null;
  /** Invoices due (date reached) that were looked at. */
  examined: number;
  charged: number;
  declined: number;
  /** Not eligible any more (recorded as skipped), or the charge did not go through (in progress, unknown, failed). */
  notCharged: number;
  /** A try of this window exists already (another run), or a declined try is less than 24 hours old. */
  waiting: number;
  /** The last allowed try failed: the date was cleared. */
  gaveUp: number;
  remindersQueued: number;
}

interface DueRow {
  id: number;
  house_id: number;
  auto_charge_date: string;
  tries: number;
  done: boolean;
  last_status: string | null;
  /** When the last try finished (or started, if it never finished). */
  last_at: Date | null;
}

@Injectable()
export class AutoChargeService {
  constructor(
    private readonly em: EntityManager,
    private readonly houses: HousesService,
    private readonly charging: CardChargingService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 403 unless the house may process cards (processor p, processing enabled, US) and has auto-charge enabled. */
  async assertEnabled(houseId: number): Promise<{ timeZone: string; name: string }> {
    const h = await this.houses.getById(houseId);
    const processing = cardProcessingAllowed({
      processorType: h.processorType ?? null,
      paymentProcessingEnabled: h.paymentProcessingEnabled,
      countryCode: h.countryCode,
    });
    if (!processing || !h.autoChargeEnabled) throw new DomainError('forbidden', 'FORBIDDEN', PERMISSION_DENIED_TEXT);
    return { timeZone: h.timeZone, name: h.name };
  }

  /** `invoiceGroup/:id/autoCharge`: the named invoices of the group that an auto-charge could charge. */
  async eligibleList(houseId: number, groupId: number, ids: readonly number[], now = new Date()): Promise<AutoChargeEligibleInvoice[]> {
    const { timeZone } = await this.assertEnabled(houseId);
    const group = await this.exec(`select id from invoice_group where id = ? and house_id = ?`, [groupId, houseId]);
    if (!group.length) throw InvoicesError.groupNotFound();
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const rows = await this.exec<{ id: number }>(
      `select id from invoice where house_id = ? and group_id = ? and id in (${marks(unique)}) order by invoice_number, id`,
      [houseId, groupId, ...unique],
    );
    const found = rows.map((r) => r.id);
    const eligibility = await this.charging.eligibility(houseId, found, now, AUTO_CHARGE_LIST_IGNORES);
    const states = await this.exec<{
      id: number;
      invoice_number: number;
      invoice_total_cents: string;
      first_name: string;
      last_name: string;
      channel: string;
      approval_id: number;
      currency_code: string;
      auto_charge_date: string | null;
    }>(
      `select id, invoice_number, invoice_total_cents, first_name, last_name, channel, approval_id, currency_code, auto_charge_date::text as auto_charge_date
         from invoice where house_id = ? and id in (${found.length ? marks(found) : 'null'}) order by invoice_number, id`,
      [houseId, ...found],
    );
    const first = formatUsDate(autoChargeWindow(todayIn(timeZone, now)).first);
    return states
      .filter((r) => eligibility.get(r.id)?.eligible)
      .map((r) => ({
        invoiceID: r.id,
        invoiceNumber: r.invoice_number,
        total: amount(Number(r.invoice_total_cents)),
        totalCents: Number(r.invoice_total_cents),
        eligibleAmount: amount(eligibility.get(r.id)!.amountCents),
        eligibleAmountCents: eligibility.get(r.id)!.amountCents,
        firstName: r.first_name,
        lastName: r.last_name,
        channel: r.channel,
        approvalID: r.approval_id,
        currencySymbol: currencySymbol(r.currency_code),
        autoChargeDate: r.auto_charge_date ? formatUsDate(r.auto_charge_date) : null,
        firstEligibleAutoChargeDate: first,
      }));
  }

  /**
   * `setAutoCharge`: sets (two to seven days ahead, house time zone) or removes (null) the date of
   * the house's invoices. Any id not of the house: 404 and nothing changes.
   */
  async setDate(houseId: number, rawDate: string | null, ids: readonly number[], now = new Date()): Promise<{ updated: number }> {
    const { timeZone } = await this.assertEnabled(houseId);
    let date: string | null = null;
    if (rawDate !== null) {
      const parsed = parseCalendarDate(rawDate);
      if (!parsed || !autoChargeDateInWindow(parsed, todayIn(timeZone, now)))
        throw DomainError.validation({ autoChargeDate: AUTO_CHARGE_TEXT.invalidDate });
      date = parsed;
    }
    const unique = [...new Set(ids)];
    return this.em.transactional(async (tx) => {
      const exec = this.execIn(tx);
      const found = await exec<{ id: number }>(`select id from invoice where house_id = ? and id in (${marks(unique)}) for update`, [
        houseId,
        ...unique,
      ]);
      if (found.length !== unique.length) throw InvoicesError.invoiceNotFound();
      await exec(`update invoice set auto_charge_date = ?::date, updated_at = now() where house_id = ? and id in (${marks(unique)})`, [
        date,
        houseId,
        ...unique,
      ]);
      return { updated: unique.length };
    });
  }

  /**
   * The scheduled run: every invoice of a house with auto-charge enabled whose date has come
   * (`date`, or else today in the house's time zone) is tried once per window. Safe to run twice.
   */
  /** `now`: the run's clock (the 24-hour wait and the times recorded); tests pass a later one. */
  run(date?: string, now = new Date()): Promise<AutoChargeRunReport> {
    // Its own context: the cron's job, the CLI and tests call it outside any request.
    return RequestContext.create(this.em, () => this.runIn(date, now));
  }

  private async runIn(date: string | undefined, now: Date): Promise<AutoChargeRunReport> {
    const report: AutoChargeRunReport = {
      date: date ?? null,
      examined: 0,
      charged: 0,
      declined: 0,
      notCharged: 0,
      waiting: 0,
      gaveUp: 0,
      remindersQueued: 0,
    };
    const houses = await this.exec<{
      id: number;
      time_zone: string;
      name: string;
      processor_type: string | null;
      payment_processing_enabled: boolean;
      country_code: string;
    }>(
      `select id, time_zone, name, processor_type, payment_processing_enabled, country_code from house where auto_charge_enabled order by id`,
    );
    const max = this.config.autoChargeMaxAttempts;
    for (const h of houses) {
      const house = {
        processorType: h.processor_type,
        paymentProcessingEnabled: h.payment_processing_enabled,
        countryCode: h.country_code,
      };
      if (!cardProcessingAllowed(house)) continue;
      const upTo = date ?? todayIn(h.time_zone, now);
      const due = await this.exec<DueRow>(
        `select i.id, i.house_id, i.auto_charge_date::text as auto_charge_date,
                (select count(*)::int from invoice_auto_charge_run r where r.invoice_id = i.id and r.auto_charge_date = i.auto_charge_date and r.try_no > 0) as tries,
                exists (select 1 from invoice_auto_charge_run r where r.invoice_id = i.id and r.auto_charge_date = i.auto_charge_date and r.status in ('approved', 'pending')) as done,
                l.status as last_status, l.at as last_at
           from invoice i
           left join lateral (select status, coalesce(finished_at, created_at) as at from invoice_auto_charge_run r
                               where r.invoice_id = i.id and r.auto_charge_date = i.auto_charge_date and r.try_no > 0 order by try_no desc limit 1) l on true
          where i.house_id = ? and i.auto_charge_date is not null and i.auto_charge_date <= ?::date
          order by i.id`,
        [h.id, upTo],
      );
      for (const d of due) {
        report.examined++;
        if (d.done) continue;
        if (d.tries >= max) {
          await this.giveUp(d);
          report.gaveUp++;
          continue;
        }
        // A try that never finished (a crash) waits 24 hours too; the charge's own claim still prevents a double charge.
        const last = d.last_at ? new Date(d.last_at).getTime() : null;
        if (last !== null && now.getTime() - last < AUTO_CHARGE_RETRY_MS) {
          report.waiting++;
          continue;
        }
        const eligibility = (await this.charging.eligibility(h.id, [d.id], now, AUTO_CHARGE_RUN_IGNORES)).get(d.id);
        if (eligibility?.reason === 'chargeInProgress') {
          report.waiting++; // another run (or a batch) is charging it now
          continue;
        }
        if (!eligibility?.eligible) {
          // Recorded once per window (try 0), unless another run tried it meanwhile (then its try says what happened).
          await this.exec(
            `insert into invoice_auto_charge_run (house_id, invoice_id, auto_charge_date, try_no, status, message, finished_at)
             select ?, ?, ?::date, 0, 'skipped', left(?, 300), ?
              where not exists (select 1 from invoice_auto_charge_run r where r.invoice_id = ? and r.auto_charge_date = ?::date and r.try_no > ?)
             on conflict (invoice_id, auto_charge_date, try_no) do update set message = excluded.message, finished_at = excluded.finished_at`,
            [h.id, d.id, d.auto_charge_date, eligibility?.reasonText ?? 'Invoice not found.', now, d.id, d.auto_charge_date, d.tries],
          );
          report.notCharged++;
          continue;
        }
        const claimed = await this.exec<{ id: number }>(
          `insert into invoice_auto_charge_run (house_id, invoice_id, auto_charge_date, try_no, status, created_at)
           values (?, ?, ?::date, ?, 'trying', ?) on conflict (invoice_id, auto_charge_date, try_no) do nothing returning id`,
          [h.id, d.id, d.auto_charge_date, d.tries + 1, now],
        );
        if (!claimed.length) {
          report.waiting++;
          continue;
        }
        const c = await this.charging.chargeOne(h.id, house, RUN_ACTOR, d.id, AUTO_CHARGE_RUN_IGNORES);
        const status = c.charged ? c.status : c.status === 'declined' ? 'declined' : 'not_charged';
        await this.exec(
          `update invoice_auto_charge_run set status = ?, amount_cents = ?, message = left(?, 300), finished_at = ? where id = ?`,
          [status, c.amountChargedCents, c.reason ?? null, now, claimed[0].id],
        );
        if (c.charged) report.charged++;
        else if (c.status === 'declined') {
          report.declined++;
          if (await this.remind(h.id, h.name, d.id, c.reason ?? '')) report.remindersQueued++;
          if (d.tries + 1 >= max) {
            await this.giveUp(d);
            report.gaveUp++;
          }
        } else report.notCharged++;
      }
    }
    return report;
  }

  // ------------------------------------------------------------------------------------------------

  /** The last try failed: the schedule ends (the invoice can be charged in a batch again). */
  private async giveUp(d: DueRow): Promise<void> {
    await this.exec(
      `update invoice set auto_charge_date = null, updated_at = now() where id = ? and house_id = ? and auto_charge_date = ?::date`,
      [d.id, d.house_id, d.auto_charge_date],
    );
  }

  /** The payment reminder after a declined auto-charge, to the invoice's email (none: no mail). */
  private async remind(houseId: number, houseName: string, invoiceId: number, message: string): Promise<boolean> {
    const [inv] = await this.exec<{
      email: string | null;
      first_name: string;
      invoice_number: number;
      balance_cents: string;
      currency_code: string;
    }>(`select email, first_name, invoice_number, balance_cents, currency_code from invoice where id = ? and house_id = ?`, [
      invoiceId,
      houseId,
    ]);
    if (!inv?.email) return false;
    const due = `${currencySymbol(inv.currency_code)}${(Number(inv.balance_cents) / 100).toFixed(2)}`;
    await this.mail.queue({
      houseId,
      kind: 'auto_charge_reminder',
      to: inv.email,
      subject: AUTO_CHARGE_TEXT.reminderSubject(houseName),
      text: AUTO_CHARGE_TEXT.reminderText({
        firstName: inv.first_name,
        invoiceNumber: inv.invoice_number,
        houseName,
        amount: due,
        message,
      }),
    });
    return true;
  }

  private exec<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.execIn(this.em)<T>(sql, params);
  }

  private execIn(em: EntityManager) {
    return <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Promise<T[]>;
  }
}
