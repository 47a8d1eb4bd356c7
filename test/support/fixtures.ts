import request from 'supertest';
import { EntityManager } from '@mikro-orm/postgresql';
import { ACCESS_FLAGS, AccessFlag, AccessFlags } from '../../src/core/auth/access-flags';
import { House } from '../../src/modules/houses/house.entity';
import { StaffUser } from '../../src/modules/houses/staff-user.entity';
import { hashPassword, newRef } from '../../src/modules/houses/identity/secrets';

export const FIXTURE_PASSWORD = 'fixture-password-1';

const flags = (on: readonly AccessFlag[]): AccessFlags => Object.fromEntries(ACCESS_FLAGS.map((f) => [f, on.includes(f)])) as AccessFlags;

export interface FixtureHouse {
  id: number;
  houseRef: string;
  houseUserName: string;
}

export interface TwoHouses {
  a: FixtureHouse;
  b: FixtureHouse;
}

/**
 * House A (`house-a`) and house B (`house-b`). Users in A: `owner` (every flag), `none` (no flag),
 * `super` (super user, every flag) and one user per flag named after it (e.g. `accessInvoices`).
 * House B has `owner`. Every password is FIXTURE_PASSWORD.
 */
export async function seedTwoHouses(em: EntityManager, houseSettings: Partial<House> = {}): Promise<TwoHouses> {
  const hash = await hashPassword(FIXTURE_PASSWORD);
  const make = async (name: string, users: { userName: string; flags: AccessFlags; isSuperUser?: boolean }[]) => {
    const house = em.create(House, {
      houseRef: newRef('H'),
      houseUserName: name,
      name: `${name} Auctions`,
      processorType: 'p',
      ...houseSettings,
    });
    for (const u of users) {
      em.create(StaffUser, {
        house,
        userRef: newRef('U'),
        userName: u.userName,
        passwordHash: hash,
        isSuperUser: u.isSuperUser ?? false,
        ...u.flags,
      });
    }
    await em.flush();
    return { id: house.id, houseRef: house.houseRef, houseUserName: house.houseUserName };
  };
  const a = await make('house-a', [
    { userName: 'owner', flags: flags(ACCESS_FLAGS) },
    { userName: 'none', flags: flags([]) },
    { userName: 'super', flags: flags(ACCESS_FLAGS), isSuperUser: true },
    ...ACCESS_FLAGS.map((f) => ({ userName: f, flags: flags([f]) })),
  ]);
  const b = await make('house-b', [{ userName: 'owner', flags: flags(ACCESS_FLAGS) }]);
  return { a, b };
}

export interface SignedIn {
  agent: ReturnType<typeof request.agent>;
  csrf: string;
  user: { userRef: string; userID: number; houseInfo: { houseRef: string; houseID: number } };
}

/** Signs in through the real endpoint; the agent keeps the session cookie. */
export async function signIn(server: unknown, house: string, username: string, password = FIXTURE_PASSWORD): Promise<SignedIn> {
  const agent = request.agent(server as never);
  const res = await agent.post('/api/auth/login').send({ house, username, password });
  if (res.status !== 200) throw new Error(`sign-in ${house}/${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { agent, csrf: res.body.data.csrfToken, user: res.body.data.user };
}
