/** Column helpers the table files share. */
import { customType, foreignKey, timestamp, type AnyPgColumn, type ForeignKeyBuilder } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Bytes kept in the row (product images, e-invoice PDF and XML). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A reference to a row of the same company: (column, company_id) → parent (id, company_id), so a
 * row cannot point at another company's row and Citus can keep both on one node (migration 0029,
 * docs/architecture.md "Past one database server").
 */
export function sameCompanyRef<TTable extends string, TParent extends string>(
  name: string,
  column: AnyPgColumn<{ tableName: TTable }>,
  companyId: AnyPgColumn<{ tableName: TTable }>,
  parent: { id: AnyPgColumn<{ tableName: TParent }>; companyId: AnyPgColumn<{ tableName: TParent }> },
): ForeignKeyBuilder {
  return foreignKey({ name, columns: [column, companyId], foreignColumns: [parent.id, parent.companyId] });
}
