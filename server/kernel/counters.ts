/** Human-readable running codes per company, e.g. KH000042. Call inside the writing transaction. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './db/client';
import { rowsOf } from './sql';

export async function nextCounter(tx: Db, companyId: number, name: string): Promise<number> {
  const result = await tx.execute(sql`
    insert into company_counters (company_id, name, value) values (${companyId}, ${name}, 1)
    on conflict (company_id, name) do update set value = company_counters.value + 1
    returning value`);
  const [row] = rowsOf<{ value: number | string }>(result);
  return Number(row?.value);
}

export function formatCode(prefix: string, value: number, width = 6): string {
  return `${prefix}${String(value).padStart(width, '0')}`;
}

/** formatCode in SQL, for a code given in the same statement as its counter's value (an order's: server/modules/orders/order-code.ts). */
export function formatCodeSql(prefix: string, value: SQL, width = 6): SQL {
  return sql`${prefix} || case when length(${value}::text) >= ${width} then ${value}::text else lpad(${value}::text, ${width}, '0') end`;
}
