import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { STAFF_USER_TEXT } from '@ar/rules';
import { ACCESS_FLAGS, AccessFlags } from '../../../core/auth/access-flags';
import { Principal } from '../../../core/auth/principal';
import { DomainError } from '../../../core/errors/domain-error';
import { RaListQuery } from '../../../core/http/ra-list-query';
import { escapeLike, likeContains } from '../../../core/validation/sql-text';
import { House } from '../house.entity';
import { StaffUser } from '../staff-user.entity';
import { PasswordResetService } from '../identity/password-reset/password-reset.service';
import { SessionCache } from '../identity/session-cache.service';
import { hashPassword, newRef, randomToken } from '../identity/secrets';
import {
  Actor,
  checkDeactivate,
  checkFlagChange,
  checkNotInternal,
  checkReactivate,
  checkStaffFields,
  StaffRuleCode,
  Target,
} from './staff-rules';

/** A staff user as the Users and Permissions page reads it (never the password hash). */
export interface StaffUserView extends AccessFlags {
  id: number;
  userRef: string;
  userName: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  isActive: boolean;
  isSuperUser: boolean;
  deactivatedAt: string | null;
  lastLoginAt: string | null;
  createdAt: string;
}

export const STAFF_USER_SORTABLE = ['id', 'userName', 'firstName', 'lastName', 'email', 'isActive', 'lastLoginAt'] as const;
const STAFF_USER_FILTERS = new Set(['q', 'isActive', 'id']);

export interface StaffUserInput {
  userName?: string | null;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  flags?: Partial<AccessFlags>;
}

/** Namespace of the per-house advisory lock that serialises changes to users and flags ('STF'). */
const STAFF_LOCK_NS = 0x535446;

const notFound = () => DomainError.notFound('User');

export function toStaffUserView(u: StaffUser): StaffUserView {
  return {
    id: u.id,
    userRef: u.userRef,
    userName: u.userName,
    email: u.email ?? null,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    isActive: u.isActive,
    isSuperUser: u.isSuperUser,
    deactivatedAt: u.deactivatedAt ? new Date(u.deactivatedAt).toISOString() : null,
    lastLoginAt: u.lastLoginAt ? new Date(u.lastLoginAt).toISOString() : null,
    createdAt: new Date(u.createdAt).toISOString(),
    ...u.flags(),
  };
}

const actorOf = (p: Principal): Actor => ({ id: p.userId, isSuperUser: p.isSuperUser, flags: p.flags });
const targetOf = (u: StaffUser): Target => ({ id: u.id, isSuperUser: u.isSuperUser, isActive: u.isActive, flags: u.flags() });

/**
 * Users and Permissions: the house's staff users, scoped by the caller's house (another house's id
 * is not found). Changes to users run under a per-house advisory lock so that two concurrent edits
 * cannot both remove the last accessSensitive (docs/decisions/users-permissions.md).
 */
@Injectable()
export class StaffAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly resets: PasswordResetService,
    private readonly sessions: SessionCache,
  ) {}

  async page(houseId: number, query: RaListQuery): Promise<{ rows: StaffUserView[]; total: number }> {
    const where: Record<string, unknown> = { house: houseId };
    for (const [key, value] of Object.entries(query.filter)) {
      if (!STAFF_USER_FILTERS.has(key)) throw new DomainError('bad_request', 'BAD_QUERY', `Cannot filter by ${key}.`);
      if (value === undefined || value === null || value === '') continue;
      if (key === 'q') {
        const like = likeContains(String(value).trim());
        where.$or = [
          { userName: { $ilike: like } },
          { firstName: { $ilike: like } },
          { lastName: { $ilike: like } },
          { email: { $ilike: like } },
        ];
      } else if (key === 'isActive') {
        where.isActive = value === true || value === 'true';
      } else if (key === 'id') {
        where.id = { $in: (Array.isArray(value) ? value : [value]).map(Number).filter((n) => Number.isSafeInteger(n)) };
      }
    }
    const orderBy = query.sort
      ? [{ [query.sort.field]: query.sort.order === 'ASC' ? 'asc' : 'desc' }, { id: 'asc' }]
      : [{ isActive: 'desc' }, { userName: 'asc' }];
    const [rows, total] = await this.em.findAndCount(StaffUser, where, {
      orderBy: orderBy as never,
      limit: query.limit,
      offset: query.offset,
    });
    return { rows: rows.map(toStaffUserView), total };
  }

  async get(houseId: number, id: number): Promise<StaffUserView> {
    return toStaffUserView(await this.find(this.em, houseId, id));
  }

  /** A new house user with no usable password; the mail carries a single-use link to choose one. */
  async create(actor: Principal, input: StaffUserInput): Promise<StaffUserView> {
    const fields = checkStaffFields(input, true);
    const flags = pickFlags(input.flags);
    try {
      return await this.em.transactional(async (tx) => {
        await lockHouse(tx, actor.houseId);
        const taken = await tx.count(StaffUser, { house: actor.houseId, userName: { $ilike: escapeLike(fields.userName!) } });
        if (taken) throw DomainError.validation({ userName: STAFF_USER_TEXT.userNameTaken }, STAFF_USER_TEXT.userNameTaken);
        const house = await tx.findOneOrFail(House, actor.houseId);
        const user = tx.create(StaffUser, {
          house,
          userRef: newRef('U'),
          userName: fields.userName!,
          email: fields.email,
          firstName: fields.firstName ?? undefined,
          lastName: fields.lastName ?? undefined,
          // Nobody knows it: the user chooses a password through the mailed link.
          passwordHash: await hashPassword(randomToken(32)),
          isSuperUser: false,
          ...flags,
        });
        await tx.flush();
        await this.resets.issueLink({ house, user, email: fields.email!, invite: true }, tx);
        return toStaffUserView(user);
      });
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) {
        throw DomainError.validation({ userName: STAFF_USER_TEXT.userNameTaken }, STAFF_USER_TEXT.userNameTaken);
      }
      throw e;
    }
  }

  /** Names, email and flags. The user name is fixed (it signs in with it); isSuperUser is not a field. */
  async update(actor: Principal, id: number, input: StaffUserInput): Promise<StaffUserView> {
    const fields = checkStaffFields(input, false);
    const flags = pickFlags(input.flags);
    const view = await this.em.transactional(async (tx) => {
      await lockHouse(tx, actor.houseId);
      const user = await this.find(tx, actor.houseId, id);
      checkFlagChange(actorOf(actor), targetOf(user), flags, await this.othersWithSensitive(tx, actor.houseId, user.id));
      if (input.firstName !== undefined) user.firstName = fields.firstName ?? (null as never);
      if (input.lastName !== undefined) user.lastName = fields.lastName ?? (null as never);
      if (fields.email !== undefined) user.email = fields.email;
      Object.assign(user, flags);
      await tx.flush();
      return toStaffUserView(user);
    });
    this.sessions.forgetUser(id);
    return view;
  }

  /**
   * Deactivates: sign-in is refused (is_active), every session ends at once (the delete trigger tells
   * every other instance's session cache; this one forgets them before answering), API tokens stop
   * resolving (they need an active user) and open set-password links are superseded.
   */
  async deactivate(actor: Principal, id: number): Promise<StaffUserView> {
    const view = await this.em.transactional(async (tx) => {
      await lockHouse(tx, actor.houseId);
      const user = await this.find(tx, actor.houseId, id);
      checkDeactivate(actorOf(actor), targetOf(user), await this.othersWithSensitive(tx, actor.houseId, user.id));
      user.isActive = false;
      user.deactivatedAt = new Date();
      await tx.flush();
      await tx.execute(`delete from staff_session where user_id = ? and house_id = ?`, [user.id, actor.houseId]);
      await tx.execute(
        `update password_reset_token set superseded_at = now() where user_id = ? and used_at is null and superseded_at is null`,
        [user.id],
      );
      return toStaffUserView(user);
    });
    this.sessions.forgetUser(id);
    return view;
  }

  /** Lets a deactivated user sign in again with their password (or a new set-password link). */
  async reactivate(actor: Principal, id: number): Promise<StaffUserView> {
    return this.em.transactional(async (tx) => {
      await lockHouse(tx, actor.houseId);
      const user = await this.find(tx, actor.houseId, id);
      checkReactivate(targetOf(user));
      user.isActive = true;
      user.deactivatedAt = null;
      await tx.flush();
      return toStaffUserView(user);
    });
  }

  /** Mails an active user a new set-password link (the invite's validity); older links stop working. */
  async sendSetPasswordLink(actor: Principal, id: number): Promise<void> {
    await this.em.transactional(async (tx) => {
      const user = await this.find(tx, actor.houseId, id);
      checkNotInternal(user);
      if (!user.isActive) throw new DomainError('conflict', StaffRuleCode.USER_INACTIVE, STAFF_USER_TEXT.inactiveNoInvite);
      if (!user.email) throw DomainError.validation({ email: STAFF_USER_TEXT.emailRequired }, STAFF_USER_TEXT.emailRequired);
      await this.resets.issueLink({ house: user.house, user, email: user.email, invite: true }, tx);
    });
  }

  private async find(em: EntityManager, houseId: number, id: number): Promise<StaffUser> {
    const user = await em.findOne(StaffUser, { id, house: houseId }, { populate: ['house'] });
    if (!user) throw notFound();
    return user;
  }

  /** Active house users (internal staff excluded) other than `userId` who keep accessSensitive. */
  private othersWithSensitive(em: EntityManager, houseId: number, userId: number): Promise<number> {
    return em.count(StaffUser, { house: houseId, id: { $ne: userId }, isActive: true, isSuperUser: false, accessSensitive: true });
  }
}

function pickFlags(input: Partial<AccessFlags> | undefined): Partial<AccessFlags> {
  const out: Partial<AccessFlags> = {};
  for (const f of ACCESS_FLAGS) if (typeof input?.[f] === 'boolean') out[f] = input[f];
  return out;
}

async function lockHouse(em: EntityManager, houseId: number): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(?, ?)', [STAFF_LOCK_NS, houseId]);
}

export { notFound as staffUserNotFound };
