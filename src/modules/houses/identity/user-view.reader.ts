import { Injectable } from '@nestjs/common';
import { EntityMetadata, ReferenceKind } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { House } from '../house.entity';
import { StaffUser } from '../staff-user.entity';
import { HouseViewSource, toUserView, UserView, UserViewSource } from './user-view';

type Columns = [property: string, column: string][];

/** Scalar property → column pairs of an entity, read once from MikroORM's metadata (no second list to keep in step). */
function scalarColumns(meta: EntityMetadata): Columns {
  return meta.props.filter((p) => p.kind === ReferenceKind.SCALAR && p.fieldNames?.length === 1).map((p) => [p.name, p.fieldNames[0]]);
}

const pick = (row: Record<string, unknown>, columns: Columns) => Object.fromEntries(columns.map(([prop, col]) => [prop, row[col]]));

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
    const user = pick(rows[0].u, this.columns.user) as unknown as UserViewSource;
    const house = pick(rows[0].h, this.columns.house) as unknown as HouseViewSource;
    return toUserView(user, house);
  }
}
