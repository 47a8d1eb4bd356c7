import { placeholders } from '../../core/validation/sql-text';
import { buyersPremium, liveFee, type Channel } from '../invoicing/math';
import type { GroupCharging } from '../lots/sale-results/sale-results.rules';
import type { Execute } from './report-sql';

/** A lot's amounts in cents, as the invoice creation prices it. */
export interface LotAmounts {
  hammer: number;
  premium: number;
  liveFee: number;
  payable: number;
}

/** The sale's premium steps and live fee rate, by auction group id (scoped to the house). */
export async function loadCharging(execute: Execute, houseId: number, groupIds: readonly number[]): Promise<Map<number, GroupCharging>> {
  const out = new Map<number, GroupCharging>();
  if (!groupIds.length) return out;
  const groups = await execute(`select id, live_fee_rate from auction_group where house_id = ? and id in (${placeholders(groupIds)})`, [
    houseId,
    ...groupIds,
  ]);
  for (const g of groups) out.set(Number(g.id), { premiumSteps: [], liveFeeRate: Number(g.live_fee_rate) });
  const steps = await execute(
    `select s.group_id, s.from_cents, s.to_cents, s.rate from buyers_premium_step s
       join auction_group g on g.id = s.group_id and g.house_id = ?
      where s.group_id in (${placeholders(groupIds)}) order by s.group_id, s.from_cents`,
    [houseId, ...groupIds],
  );
  for (const s of steps) {
    (out.get(Number(s.group_id))!.premiumSteps as unknown[]).push({
      fromCents: Number(s.from_cents),
      toCents: s.to_cents === null ? null : Number(s.to_cents),
      rate: Number(s.rate),
    });
  }
  return out;
}

/**
 * A sold lot priced by the invoice arithmetic (the functions invoices are built with): premium from
 * the sale's steps, live fee for online channels; rounded once per lot, so sums of these equal the
 * sums of invoice lines.
 */
export function priceLot(hammer: number, channel: Channel, charging: GroupCharging): LotAmounts {
  const premium = buyersPremium(hammer, charging.premiumSteps);
  const fee = liveFee(hammer, channel, charging.liveFeeRate);
  return { hammer, premium, liveFee: fee, payable: hammer + premium + fee };
}

export function addAmounts(into: LotAmounts, a: LotAmounts): void {
  into.hammer += a.hammer;
  into.premium += a.premium;
  into.liveFee += a.liveFee;
  into.payable += a.payable;
}

export const noAmounts = (): LotAmounts => ({ hammer: 0, premium: 0, liveFee: 0, payable: 0 });
