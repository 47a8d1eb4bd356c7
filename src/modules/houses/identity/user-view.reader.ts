import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { House } from '../house.entity';
import { Columns, scalarColumns, toPlain } from '../plain-rows';
import { StaffUser } from '../staff-user.entity';
import { HouseViewSource, toUserView, UserView, UserViewSource } from './user-view';

/**
 * `GET /app/house/user` runs on every page of the admin: one query for user and house as JSON,
 * mapped to the view without entity hydration (the ORM's joined load cost several times the query).
 */
@Injectable()
export class UserViewReader {
  private columns?: { user: Columns; house: Columns };

  constructor(private readonly em: EntityManager) {}

  async read(houseId: number, userId: number): Promise<UserView | null> {
    const rows: { u: Record<string, unknown>; h: Record<string, unknown> }[] = await this.em
      .getConnection()
      .execute(
        'select to_jsonb(u) as u, to_jsonb(h) as h from staff_user u join house h on h.id = u.house_id where u.id = ? and u.house_id = ?',
        [userId, houseId],
      );
    if (!rows[0]) return null;
    const metadata = this.em.getMetadata();
    this.columns ??= { user: scalarColumns(metadata.get(StaffUser)), house: scalarColumns(metadata.get(House)) };
    return toUserView(toPlain<UserViewSource>(rows[0].u, this.columns.user), toPlain<HouseViewSource>(rows[0].h, this.columns.house));
  }
}
