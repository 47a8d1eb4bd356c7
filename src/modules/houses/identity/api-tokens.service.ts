import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Principal } from '../../../core/auth/principal';
import { StaffUser } from '../staff-user.entity';
import { ApiToken } from './api-token.entity';
import { randomToken, sha256 } from './secrets';
import { PRINCIPAL_COLUMNS, principalFromRow } from './sessions.service';

/** Tokens read `art_<random>`; the prefix makes leaked tokens easy to grep for. */
const TOKEN_PREFIX = 'art_';

export interface ApiTokenListing {
  id: number;
  name: string;
  tokenPrefix: string;
  userName: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

@Injectable()
export class ApiTokensService {
  constructor(private readonly em: EntityManager) {}

  /** Creates a token for a user; the plain token is returned once and never stored. */
  async create(user: StaffUser, name: string): Promise<{ token: string; record: ApiToken }> {
    const token = `${TOKEN_PREFIX}${randomToken(32)}`;
    const record = this.em.create(ApiToken, {
      house: user.house,
      user,
      name: name.slice(0, 100),
      tokenHash: sha256(token),
      tokenPrefix: token.slice(0, 12),
    });
    await this.em.persistAndFlush(record);
    return { token, record };
  }

  async resolve(token: string): Promise<Principal | null> {
    if (!token.startsWith(TOKEN_PREFIX)) return null;
    const rows = await this.em.getConnection().execute(
      `update api_token t set last_used_at = now()
         from staff_user u, house h
        where t.token_hash = ? and t.revoked_at is null and u.id = t.user_id and h.id = t.house_id and u.is_active
        returning ${PRINCIPAL_COLUMNS}`,
      [sha256(token)],
    );
    return rows[0] ? principalFromRow(rows[0] as never, 'token') : null;
  }

  /** A house's tokens, newest first, with the user each acts as; never the token or its hash. */
  async listForHouse(houseId: number): Promise<ApiTokenListing[]> {
    const rows: {
      id: number;
      name: string;
      token_prefix: string;
      user_name: string;
      created_at: Date;
      last_used_at: Date | null;
      revoked_at: Date | null;
    }[] = await this.em.getConnection().execute(
      `select t.id, t.name, t.token_prefix, u.user_name, t.created_at, t.last_used_at, t.revoked_at
         from api_token t join staff_user u on u.id = t.user_id
        where t.house_id = ? order by t.created_at desc, t.id desc`,
      [houseId],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      tokenPrefix: r.token_prefix,
      userName: r.user_name,
      createdAt: new Date(r.created_at),
      lastUsedAt: r.last_used_at ? new Date(r.last_used_at) : null,
      revokedAt: r.revoked_at ? new Date(r.revoked_at) : null,
    }));
  }

  /** Revokes a token of the house; false when it is unknown there or already revoked. */
  async revoke(houseId: number, id: number): Promise<boolean> {
    const res = await this.em
      .getConnection()
      .execute('update api_token set revoked_at = now() where id = ? and house_id = ? and revoked_at is null', [id, houseId], 'run');
    return ((res as { affectedRows?: number }).affectedRows ?? 0) > 0;
  }
}
