/** Column helpers the table files share. */
import { customType, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Bytes kept in the row (product images, e-invoice PDF and XML). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
