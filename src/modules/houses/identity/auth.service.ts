import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { HousesService } from '../houses.service';
import { HousesError, HousesErrorCode, INVALID_CREDENTIALS_TEXT } from '../houses.errors';
import { StaffUser } from '../staff-user.entity';
import { StaffUsersService } from '../staff-users.service';
import { LoginThrottleService } from './login-throttle.service';
import { dummyPasswordHash, verifyPassword } from './secrets';
import { SessionsService } from './sessions.service';

export interface LoginResult {
  user: StaffUser;
  token: string;
  csrfToken: string;
}

/** Sign-in: rate limited, and the same answer (and cost) for an unknown house, user or wrong password. */
@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly houses: HousesService,
    private readonly users: StaffUsersService,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottleService,
  ) {}

  async login(input: { house: string; username: string; password: string; ip: string; userAgent?: string }): Promise<LoginResult> {
    const keys = this.throttle.keysFor(input.house, input.username, input.ip);
    if (await this.throttle.isBlocked(keys)) {
      throw new HousesError(HousesErrorCode.RATE_LIMITED, 'Too many failed sign-in attempts. Please wait a few minutes and try again.');
    }
    const house = await this.houses.findBySignInName(input.house);
    const user = house ? await this.users.findByName(house.id, input.username) : null;
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!user || !ok || !user.isActive) {
      await this.throttle.recordFailure(keys);
      throw new HousesError(HousesErrorCode.INVALID_CREDENTIALS, INVALID_CREDENTIALS_TEXT);
    }
    await this.throttle.clear(keys[0].key);
    user.lastLoginAt = new Date();
    await this.em.flush();
    const { token, csrfToken } = await this.sessions.create(user, { ip: input.ip, userAgent: input.userAgent });
    return { user, token, csrfToken };
  }

  logout(sessionId: string): Promise<void> {
    return this.sessions.destroy(sessionId);
  }
}
