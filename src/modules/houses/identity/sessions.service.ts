import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../../core/config/config.module';
import { AppConfig } from '../../../core/config/app-config';
import { Principal } from '../../../core/auth/principal';
import { StaffUser } from '../staff-user.entity';
import { SessionCache } from './session-cache.service';
import { StaffSession } from './staff-session.entity';
import { randomToken, sha256 } from './secrets';

/** A session is extended when seen, but written at most once a minute. */
const TOUCH_EVERY_MS = 60_000;

interface SessionRow {
  session_id: string;
  csrf_token: string;
  last_seen_at: Date;
  ends_at: Date;
  user_id: number;
  user_ref: string;
  user_name: string;
  house_id: number;
  house_ref: string;
  is_super_user: boolean;
  access_customer: boolean;
  access_bulkbiding: boolean;
  access_reports: boolean;
  access_console: boolean;
  access_invoices: boolean;
  access_calendar: boolean;
  access_sensitive: boolean;
  access_settlement: boolean;
}

export const PRINCIPAL_COLUMNS = `u.id as user_id, u.user_ref, u.user_name, u.is_super_user,
  u.access_customer, u.access_bulkbiding, u.access_reports, u.access_console, u.access_invoices,
  u.access_calendar, u.access_sensitive, u.access_settlement, h.id as house_id, h.house_ref`;

export function principalFromRow(
  r: Omit<SessionRow, 'session_id' | 'csrf_token' | 'last_seen_at' | 'ends_at'>,
  via: Principal['via'],
): Principal {
  return {
    userId: r.user_id,
    userRef: r.user_ref,
    userName: r.user_name,
    houseId: r.house_id,
    houseRef: r.house_ref,
    isSuperUser: r.is_super_user,
    via,
    flags: {
      accessCustomer: r.access_customer,
      accessBulkbiding: r.access_bulkbiding,
      accessReports: r.access_reports,
      accessConsole: r.access_console,
      accessInvoices: r.access_invoices,
      accessCalendar: r.access_calendar,
      accessSensitive: r.access_sensitive,
      accessSettlement: r.access_settlement,
    },
  };
}

@Injectable()
export class SessionsService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cache: SessionCache,
  ) {}

  get ttlMs(): number {
    return this.config.sessionTtlHours * 3_600_000;
  }

  /** Absolute lifetime: from sign-in, however active the session is. */
  get maxMs(): number {
    return this.config.sessionMaxHours * 3_600_000;
  }

  /** The cookie lives as long as a fresh session can. */
  get cookieMaxAgeMs(): number {
    return Math.min(this.ttlMs, this.maxMs);
  }

  /** Returns the cookie value (shown once, never stored) and the session's CSRF token. */
  async create(user: StaffUser, meta: { ip?: string; userAgent?: string }): Promise<{ token: string; csrfToken: string }> {
    const token = randomToken();
    const csrfToken = randomToken();
    const session = this.em.create(StaffSession, {
      id: sha256(token),
      user,
      house: user.house,
      csrfToken,
      expiresAt: new Date(Date.now() + this.cookieMaxAgeMs),
      ip: meta.ip?.slice(0, 64),
      userAgent: meta.userAgent?.slice(0, 300),
    });
    await this.em.persistAndFlush(session);
    return { token, csrfToken };
  }

  /**
   * The session with its user and house, or null when expired or disabled: one query, or none while
   * the session is in the per-process cache (which every change to it or its user invalidates).
   */
  async resolve(token: string): Promise<Principal | null> {
    const id = sha256(token);
    const cached = this.cache.get(id);
    if (cached) return cached;
    const generation = this.cache.generation;
    const rows: SessionRow[] = await this.em.getConnection().execute(
      `select s.id as session_id, s.csrf_token, s.last_seen_at,
              least(s.expires_at, s.created_at + make_interval(hours => ?)) as ends_at, ${PRINCIPAL_COLUMNS}
         from staff_session s join staff_user u on u.id = s.user_id join house h on h.id = s.house_id
        where s.id = ? and s.expires_at > now() and s.created_at > now() - make_interval(hours => ?) and u.is_active`,
      [this.config.sessionMaxHours, id, this.config.sessionMaxHours],
    );
    const row = rows[0];
    if (!row) return null;
    if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
      await this.em
        .getConnection()
        .execute(
          'update staff_session set last_seen_at = now(), expires_at = least(?::timestamptz, created_at + make_interval(hours => ?)) where id = ?',
          [new Date(Date.now() + this.ttlMs), this.config.sessionMaxHours, row.session_id],
        );
    }
    const principal: Principal = { ...principalFromRow(row, 'session'), sessionId: row.session_id, csrfToken: row.csrf_token };
    this.cache.set(id, principal, generation, new Date(row.ends_at).getTime());
    return principal;
  }

  /** The delete trigger notifies every instance's cache, this one included. */
  async destroy(sessionId: string): Promise<void> {
    await this.em.getConnection().execute('delete from staff_session where id = ?', [sessionId]);
    this.cache.invalidate(`session:${sessionId}`);
  }

  async purgeExpired(): Promise<number> {
    const res = await this.em.getConnection().execute('delete from staff_session where expires_at <= now()', [], 'run');
    return (res as { affectedRows?: number }).affectedRows ?? 0;
  }
}
