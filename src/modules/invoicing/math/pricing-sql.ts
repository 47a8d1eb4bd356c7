/**
 * The buyer's premium and live fee as SQL expressions, for sums the database computes over many lots
 * without reading them (the EOA view's totals). The same arithmetic as `buyersPremium` and `liveFee`:
 * marginal slices at their own rates summed exactly in integers, rounded half up once per lot (the
 * amounts are never negative, so half up is `(x + scale/2) / scale` in integer division). The steps
 * are validated as the functions do; parity with them is tested on PostgreSQL
 * (test/reports/eoa-paging.e2e.ts), so a total here equals the sum of the lines invoices build.
 */
import { RATE_SCALE } from './cents';
import { ONLINE_CHANNELS } from './live-fee';
import { validatePremiumSteps, type PremiumStep } from './premium';
import type { RateMilli } from '../../../core/money/money';

export interface SqlPart {
  sql: string;
  params: unknown[];
}

const HALF = RATE_SCALE / 2n;
const round = (exact: string) => `((${exact} + ${HALF}) / ${RATE_SCALE})`;

/** `hammer` is a bigint SQL expression of cents (not null where used). */
export function premiumSql(hammer: string, steps: readonly PremiumStep[]): SqlPart {
  validatePremiumSteps(steps);
  if (!steps.length) return { sql: '0::bigint', params: [] };
  const params: unknown[] = [];
  const slices = steps.map((s) => {
    if (s.toCents == null) {
      params.push(s.fromCents, s.rate);
      return `greatest(${hammer} - ?::bigint, 0) * ?::bigint`;
    }
    params.push(s.toCents, s.fromCents, s.rate);
    return `greatest(least(${hammer}, ?::bigint) - ?::bigint, 0) * ?::bigint`;
  });
  return { sql: round(slices.join(' + ')), params };
}

/** The live fee: the rate on the hammer for online channels (`channel` a text SQL expression), else 0. */
export function liveFeeSql(hammer: string, channel: string, rate: RateMilli): SqlPart {
  return {
    sql: `(case when ${channel} in (${ONLINE_CHANNELS.map(() => '?').join(', ')}) then ${round(`${hammer} * ?::bigint`)} else 0 end)`,
    params: [...ONLINE_CHANNELS, rate],
  };
}
