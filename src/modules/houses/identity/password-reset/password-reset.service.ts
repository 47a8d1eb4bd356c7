import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { FORGOT_PASSWORD_TEXT, PASSWORD_MIN_SCORE, PASSWORD_TEXT, passwordRuleError, type ResetLinkProblem } from '@ar/rules';
import { APP_CONFIG } from '../../../../core/config/config.module';
import { AppConfig } from '../../../../core/config/app-config';
import { DomainError } from '../../../../core/errors/domain-error';
import { MailService } from '../../../../core/mail/mail.service';
import { HousesService } from '../../houses.service';
import { HousesError, HousesErrorCode } from '../../houses.errors';
import { StaffUsersService } from '../../staff-users.service';
import { LoginThrottleService, normalizeSignInName } from '../login-throttle.service';
import { hashPassword, sha256 } from '../secrets';
import { SessionCache } from '../session-cache.service';
import { passwordStrength } from './password-strength';
import { inviteMail, resetMail } from './reset-mail';
import { House } from '../../house.entity';
import { StaffUser } from '../../staff-user.entity';
import { newJti, signResetToken, verifyResetToken } from './reset-link';

export const RESET_MAIL_KIND = 'password.reset';
export const INVITE_MAIL_KIND = 'staff.invite';

const LINK_ERRORS: Record<ResetLinkProblem, HousesErrorCode> = {
  expired: HousesErrorCode.RESET_LINK_EXPIRED,
  used: HousesErrorCode.RESET_LINK_USED,
  superseded: HousesErrorCode.RESET_LINK_SUPERSEDED,
  invalid: HousesErrorCode.RESET_LINK_INVALID,
};

/** The spec's one failure sentence; the code tells the admin which second line to show. */
function linkError(problem: ResetLinkProblem): HousesError {
  return new HousesError(
    LINK_ERRORS[problem],
    'There was a problem submitting your request. This was most likely caused by clicking on an expired link.',
  );
}

interface LinkRow {
  token_id: number;
  used_at: Date | null;
  superseded_at: Date | null;
  expired: boolean;
  user_id: number;
  user_ref: string;
  user_name: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  is_active: boolean;
  house_id: number;
  house_user_name: string;
  house_name: string;
}

/**
 * Forgot password (an emailed, signed, expiring, single-use link) and reset password (docs/decisions/
 * password-reset.md). The forgot answer never says whether anything matched.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly em: EntityManager,
    private readonly houses: HousesService,
    private readonly users: StaffUsersService,
    private readonly throttle: LoginThrottleService,
    private readonly mail: MailService,
    private readonly sessions: SessionCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Mails a link when house, user name and email name one active user; otherwise does nothing. The
   * caller answers the same either way. Throttled per house and user name, and per client address,
   * on its own counters (a flood of requests never locks sign-in).
   */
  async forgot(input: { houseUserName: string; userName: string; emailAddress: string; ip: string }): Promise<void> {
    const house = await this.houses.findBySignInName(input.houseUserName);
    const max = this.config.login.maxFailures;
    const who = house ? `#${house.id}` : normalizeSignInName(input.houseUserName);
    const keys = [
      { key: `pr:u:${who}:${normalizeSignInName(input.userName)}`.slice(0, 200), limit: max },
      { key: `pr:ip:${input.ip}`.slice(0, 200), limit: max * 10 },
    ];
    if (!(await this.throttle.admit(keys))) {
      throw new DomainError('rate_limited', HousesErrorCode.RATE_LIMITED, FORGOT_PASSWORD_TEXT.rateLimited);
    }
    const user = house ? await this.users.findByName(house.id, input.userName) : null;
    const email = user?.email?.trim();
    if (!house || !user || !user.isActive || !email || email.toLowerCase() !== input.emailAddress.trim().toLowerCase()) return;

    await this.issueLink({ house, user, email, ip: input.ip });
  }

  /**
   * Mails the user a signed single-use link to `/ar/password-reset` (and supersedes their open ones).
   * `invite` is the set-password mail of a new user (Users and Permissions): the same link, valid
   * `INVITE_LINK_HOURS` instead of `RESET_LINK_MINUTES`. Runs in the caller's transaction when given.
   */
  async issueLink(
    input: { house: House; user: StaffUser; email: string; invite?: boolean; ip?: string },
    em: EntityManager = this.em,
  ): Promise<void> {
    const { house, user, email } = input;
    const minutes = input.invite ? this.config.resetLink.inviteMinutes : this.config.resetLink.minutes;
    const jti = newJti();
    const nowSec = Math.floor(Date.now() / 1000);
    const exp = nowSec + minutes * 60;
    const token = signResetToken(this.config.resetLink.secret, { sub: user.userRef, hid: house.id, jti, iat: nowSec, exp });
    const link = `${this.config.publicUrl}/ar/password-reset?jwt=${token}`;
    await em.transactional(async (tx) => {
      // Only the latest link works: every older open one is superseded.
      await tx.execute(
        `update password_reset_token set superseded_at = now() where user_id = ? and used_at is null and superseded_at is null`,
        [user.id],
      );
      await tx.execute(`insert into password_reset_token (house_id, user_id, jti_hash, expires_at, request_ip) values (?, ?, ?, ?, ?)`, [
        house.id,
        user.id,
        sha256(jti),
        new Date(exp * 1000),
        input.ip?.slice(0, 64) ?? null,
      ]);
      const who = { link, minutes, userName: user.userName, firstName: user.firstName ?? null, houseName: house.name };
      const m = input.invite ? inviteMail(who) : resetMail(who);
      await this.mail.queue({ houseId: house.id, kind: input.invite ? INVITE_MAIL_KIND : RESET_MAIL_KIND, to: email, ...m });
    });
  }

  /**
   * Sets the new password when the link is valid, unused and the user's latest, and the password
   * passes the rules (a refused password leaves the link usable). The link is used in the same
   * transaction that changes the password, once: of two concurrent resets one wins, the other is
   * told the link was used. Every session of the user ends, and every other open link.
   */
  async reset(input: { jwt: string; newPassword: string }): Promise<void> {
    const checked = verifyResetToken(this.config.resetLink.secret, input.jwt);
    if (!checked.ok) throw linkError(checked.problem);
    const { claims } = checked;
    const row = await this.link(sha256(claims.jti), claims.hid);
    if (!row || row.user_ref !== claims.sub || !row.is_active) throw linkError('invalid');
    const problem = this.problemOf(row);
    if (problem) throw linkError(problem);

    const rule = passwordRuleError(input.newPassword);
    if (rule) throw DomainError.validation({ newPassword: rule }, rule);
    const strength = passwordStrength(input.newPassword, [
      row.user_name,
      row.house_user_name,
      row.house_name,
      row.first_name ?? '',
      row.last_name ?? '',
      row.email?.split('@')[0] ?? '',
    ]);
    if (strength.score < PASSWORD_MIN_SCORE) {
      throw DomainError.validation({ newPassword: strength.warning ?? PASSWORD_TEXT.tooWeak }, PASSWORD_TEXT.tooWeak);
    }

    const hash = await hashPassword(input.newPassword);
    await this.em.transactional(async (tx) => {
      const used: unknown[] = await tx.execute(
        `update password_reset_token set used_at = now()
          where id = ? and used_at is null and superseded_at is null and expires_at > now() returning id`,
        [row.token_id],
      );
      if (!used.length) {
        // Changed since it was read: a concurrent reset used it, a new request superseded it, or time ran out.
        const now = await this.link(sha256(claims.jti), claims.hid);
        throw linkError((now && this.problemOf(now)) || 'used');
      }
      await tx.execute(`update staff_user set password_hash = ?, updated_at = now() where id = ? and house_id = ?`, [
        hash,
        row.user_id,
        row.house_id,
      ]);
      await tx.execute(
        `update password_reset_token set superseded_at = now() where user_id = ? and used_at is null and superseded_at is null`,
        [row.user_id],
      );
      // The delete trigger tells every other instance's session cache (auth_notify); this one forgets below.
      await tx.execute(`delete from staff_session where user_id = ?`, [row.user_id]);
      // A locked-out user can sign in with the new password at once.
      const [account] = this.throttle.keysFor(`#${row.house_id}`, row.user_name, '-');
      await tx.execute(`delete from login_throttle where key = ?`, [account.key]);
    });
    this.sessions.forgetUser(row.user_id);
  }

  private problemOf(row: Pick<LinkRow, 'used_at' | 'superseded_at' | 'expired'>): ResetLinkProblem | null {
    if (row.used_at) return 'used';
    if (row.superseded_at) return 'superseded';
    if (row.expired) return 'expired';
    return null;
  }

  /** The link's row with its user and house; the house must be the one the token names (tenancy). */
  private async link(jtiHash: string, houseId: number): Promise<LinkRow | null> {
    const rows: LinkRow[] = await this.em.getConnection().execute(
      `select t.id as token_id, t.used_at, t.superseded_at, t.expires_at <= now() as expired,
              u.id as user_id, u.user_ref, u.user_name, u.email, u.first_name, u.last_name, u.is_active,
              h.id as house_id, h.house_user_name, h.name as house_name
         from password_reset_token t
         join staff_user u on u.id = t.user_id and u.house_id = t.house_id
         join house h on h.id = t.house_id
        where t.jti_hash = ? and t.house_id = ?`,
      [jtiHash, houseId],
    );
    return rows[0] ?? null;
  }
}
