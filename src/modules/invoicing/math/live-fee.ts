/**
 * Live fee: the group's live-fee rate on hammer, for online channels only (INVOICE-MATH.md, rule 2).
 *
 * Why a closed list: the channel comes from stored approvals and imports; an unknown value is
 * refused rather than treated as online (which would overcharge) or floor (which would undercharge).
 */
import { applyRate, type Cents, type RateMilli } from '../../../core/money/money';
import type { Platform } from '../../bidders/member.entity';
import { addRateProduct, assertCents, assertRate, roundExactSafe } from './cents';
import { InvoiceMathError, InvoiceMathErrorCode } from './errors';

export type Channel = Platform;

/** Main marketplace, private label/connect and partner marketplace bid online; Floor bids in the room. */
export const ONLINE_CHANNELS: readonly Channel[] = ['INV', 'PL', 'AZ'];
export const CHANNELS: readonly Channel[] = [...ONLINE_CHANNELS, 'Floor'];

export function assertChannel(channel: string): asserts channel is Channel {
  if (!(CHANNELS as readonly string[]).includes(channel)) {
    throw new InvoiceMathError(
      InvoiceMathErrorCode.INVALID_CHANNEL,
      `Unknown channel '${channel}': expected one of ${CHANNELS.join(', ')}.`,
    );
  }
}

export function isOnlineChannel(channel: Channel): boolean {
  return (ONLINE_CHANNELS as readonly string[]).includes(channel);
}

/** The live fee in cents: rate x hammer rounded half up for INV/PL/AZ, zero for Floor. */
export function liveFee(hammer: Cents, channel: Channel, liveFeeRate: RateMilli): Cents {
  assertCents(hammer, 'Hammer');
  assertRate(liveFeeRate, 'Live fee rate');
  assertChannel(channel);
  if (!isOnlineChannel(channel)) return 0;
  const exact = addRateProduct(0, hammer, liveFeeRate);
  return exact === null ? applyRate(hammer, liveFeeRate) : roundExactSafe(exact);
}
