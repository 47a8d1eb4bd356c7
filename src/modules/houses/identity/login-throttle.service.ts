import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../../core/config/config.module';
import { AppConfig } from '../../../core/config/app-config';

/**
 * Counts failed sign-ins in PostgreSQL so every instance shares the count.
 * Keys: the house and user name tried, and the client address (ten times the allowance).
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  keysFor(house: string, username: string, ip: string): { key: string; limit: number }[] {
    const max = this.config.login.maxFailures;
    return [
      { key: `u:${house.toLowerCase()}:${username.toLowerCase()}`, limit: max },
      { key: `ip:${ip}`, limit: max * 10 },
    ];
  }

  async isBlocked(keys: { key: string; limit: number }[]): Promise<boolean> {
    const rows: { key: string; failures: number }[] = await this.em
      .getConnection()
      .execute(
        `select key, failures from login_throttle where key in (${keys.map(() => '?').join(', ')}) and window_start > now() - make_interval(mins => ?)`,
        [...keys.map((k) => k.key), this.config.login.windowMinutes],
      );
    return rows.some((r) => r.failures >= (keys.find((k) => k.key === r.key)?.limit ?? Infinity));
  }

  async recordFailure(keys: { key: string }[]): Promise<void> {
    for (const { key } of keys) {
      await this.em.getConnection().execute(
        `insert into login_throttle (key, window_start, failures) values (?, now(), 1)
         on conflict (key) do update set
           failures = case when login_throttle.window_start > now() - make_interval(mins => ?) then login_throttle.failures + 1 else 1 end,
           window_start = case when login_throttle.window_start > now() - make_interval(mins => ?) then login_throttle.window_start else now() end`,
        [key, this.config.login.windowMinutes, this.config.login.windowMinutes],
      );
    }
  }

  async clear(key: string): Promise<void> {
    await this.em.getConnection().execute('delete from login_throttle where key = ?', [key]);
  }
}
