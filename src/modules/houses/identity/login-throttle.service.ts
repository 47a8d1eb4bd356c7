import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../../core/config/config.module';
import { AppConfig } from '../../../core/config/app-config';

export interface ThrottleKey {
  key: string;
  limit: number;
}

/**
 * How a house or user name typed at sign-in is compared: the look-ups trim it and ignore case,
 * so the throttle key must too, or `"super  "` would be a fresh key for the same account.
 */
export const normalizeSignInName = (raw: string): string => raw.trim().toLowerCase();

/**
 * Counts sign-in attempts in PostgreSQL so every instance shares the count.
 * Keys: the house and user name tried, and the client address (ten times the allowance).
 * An attempt is counted atomically before the password is checked, so concurrent guesses
 * cannot all slip through between a read and a write.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `house` is the resolved house id (`#12`) when known, else the normalised name typed. */
  keysFor(house: string, username: string, ip: string): ThrottleKey[] {
    const max = this.config.login.maxFailures;
    return [
      { key: `u:${house}:${normalizeSignInName(username)}`.slice(0, 200), limit: max },
      { key: `ip:${ip}`.slice(0, 200), limit: max * 10 },
    ];
  }

  /** Counts one attempt on every key in one statement; false when any key is over its limit. */
  async admit(keys: ThrottleKey[]): Promise<boolean> {
    const window = this.config.login.windowMinutes;
    const fresh = `login_throttle.window_start > now() - make_interval(mins => ${Number(window)})`;
    const rows: { key: string; failures: number }[] = await this.em.getConnection().execute(
      `insert into login_throttle (key, window_start, failures) values ${keys.map(() => '(?, now(), 1)').join(', ')}
       on conflict (key) do update set
         failures = case when ${fresh} then login_throttle.failures + 1 else 1 end,
         window_start = case when ${fresh} then login_throttle.window_start else now() end
       returning key, failures`,
      keys.map((k) => k.key),
    );
    return rows.every((r) => r.failures <= (keys.find((k) => k.key === r.key)?.limit ?? Infinity));
  }

  /** After a good sign-in: the account's count starts over and the attempt no longer counts against the address. */
  async succeeded([account, ...others]: ThrottleKey[]): Promise<void> {
    const conn = this.em.getConnection();
    await conn.execute('delete from login_throttle where key = ?', [account.key]);
    for (const { key } of others) {
      await conn.execute('update login_throttle set failures = greatest(failures - 1, 0) where key = ?', [key]);
    }
  }
}
