import { EntityMetadata, ReferenceKind } from '@mikro-orm/core';

export type Columns = [property: string, column: string][];

/** Scalar property → column pairs of an entity, from MikroORM's metadata (no second list to keep in step). */
export function scalarColumns(meta: EntityMetadata): Columns {
  return meta.props.filter((p) => p.kind === ReferenceKind.SCALAR && p.fieldNames?.length === 1).map((p) => [p.name, p.fieldNames[0]]);
}

/** A database row as plain data named like the entity's properties: for hot reads, no entity hydrated or tracked. */
export const toPlain = <T>(row: Record<string, unknown>, columns: Columns): T =>
  Object.fromEntries(columns.map(([prop, col]) => [prop, row[col]])) as T;
