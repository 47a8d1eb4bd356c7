import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AccessFlags } from '../../core/auth/access-flags';
import { House } from './house.entity';
import { HousesError, HousesErrorCode } from './houses.errors';
import { StaffUser } from './staff-user.entity';
import { hashPassword, newRef } from './identity/secrets';
import { escapeLike } from '../../core/validation/sql-text';

export interface NewStaffUser {
  house: House;
  userName: string;
  password: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  flags?: Partial<AccessFlags>;
  isSuperUser?: boolean;
  userRef?: string;
}

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 50;

@Injectable()
export class StaffUsersService {
  constructor(private readonly em: EntityManager) {}

  async create(input: NewStaffUser): Promise<StaffUser> {
    const userName = input.userName.trim();
    if (!/^[A-Za-z0-9._@-]{1,64}$/.test(userName)) {
      throw new HousesError(
        HousesErrorCode.INVALID_USER_NAME,
        'User name may contain letters, digits, dots, dashes, underscores and @ only.',
        { userName: 'Invalid user name.' },
      );
    }
    if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > MAX_PASSWORD_LENGTH) {
      throw new HousesError(
        HousesErrorCode.WEAK_PASSWORD,
        `Password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`,
        { password: 'Invalid password length.' },
      );
    }
    if (await this.findByName(input.house.id, userName)) {
      throw new HousesError(HousesErrorCode.USER_NAME_TAKEN, `User "${userName}" already exists in this house.`);
    }
    const user = this.em.create(StaffUser, {
      house: input.house,
      userRef: input.userRef ?? newRef('U'),
      userName,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash: await hashPassword(input.password),
      isSuperUser: input.isSuperUser ?? false,
      ...input.flags,
    });
    await this.em.persistAndFlush(user);
    return user;
  }

  findByName(houseId: number, userName: string): Promise<StaffUser | null> {
    return this.em.findOne(StaffUser, { house: houseId, userName: { $ilike: escapeLike(userName.trim()) } }, { populate: ['house'] });
  }

  async getForHouse(houseId: number, id: number): Promise<StaffUser> {
    const user = await this.em.findOne(StaffUser, { id, house: houseId }, { populate: ['house'] });
    if (!user) throw new HousesError(HousesErrorCode.USER_NOT_FOUND, 'User not found.');
    return user;
  }

  findByRef(houseId: number, userRef: string): Promise<StaffUser | null> {
    return this.em.findOne(StaffUser, { userRef, house: houseId });
  }
}
