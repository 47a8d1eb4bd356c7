import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { HousesService } from '../houses.service';
import { HousesError, HousesErrorCode, INVALID_CREDENTIALS_TEXT } from '../houses.errors';
import { StaffUser } from '../staff-user.entity';
import { StaffUsersService } from '../staff-users.service';
import { LoginThrottleService, normalizeSignInName } from './login-throttle.service';
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
    const userName = normalizeSignInName(input.username);
    const house = await this.houses.findBySignInName(input.house);
    // Keyed by the house found, so its user name and its houseRef share one count.
    const keys = this.throttle.keysFor(house ? `#${house.id}` : normalizeSignInName(input.house), userName, input.ip);
    if (!(await this.throttle.admit(keys))) {
      throw new HousesError(HousesErrorCode.RATE_LIMITED, 'Too many failed sign-in attempts. Please wait a few minutes and try again.');
    }
    const user = house ? await this.users.findByName(house.id, userName) : null;
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!user || !ok || !user.isActive) {
      throw new HousesError(HousesErrorCode.INVALID_CREDENTIALS, INVALID_CREDENTIALS_TEXT);
    }
    await this.throttle.succeeded(keys);
    user.lastLoginAt = new Date();
    await this.em.flush();
    const { token, csrfToken } = await this.sessions.create(user, { ip: input.ip, userAgent: input.userAgent });
    return { user, token, csrfToken };
  }

  logout(sessionId: string): Promise<void> {
    return this.sessions.destroy(sessionId);
  }
}
