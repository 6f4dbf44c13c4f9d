/** An order's official code (DH000123), given by the company's running counter (server/kernel/counters.ts). */
import { sql } from 'drizzle-orm';
import { fold } from '@contract/fold';
import { formatCodeSql } from '@server/kernel/counters';
import type { Db } from '@server/kernel/db/client';
import { rowsOf } from '@server/kernel/sql';

/**
 * Gives an order its official code, in one statement: the counter's next value, written on the
 * order with its search text. Last in the order's transaction: the counter's row stays locked until
 * commit, and every order of the company waits for it. A code already taken (an imported order) is
 * skipped.
 */
export async function giveOrderCode(tx: Db, companyId: number, orderId: string, searched: (string | null)[]): Promise<string> {
  const rest = fold(searched.filter(Boolean).join(' '));
  for (;;) {
    const result = await tx.execute(sql`
      with counted as (
        insert into company_counters (company_id, name, value) values (${companyId}, 'order', 1)
        on conflict (company_id, name) do update set value = company_counters.value + 1
        returning ${formatCodeSql('DH', sql`value`)} as code
      )
      update orders set code = counted.code, search_text = trim(lower(counted.code) || ' ' || ${rest})
      from counted
      where orders.id = ${orderId}
        and not exists (select 1 from orders taken where taken.company_id = ${companyId} and taken.code = counted.code)
      returning counted.code`);
    const [given] = rowsOf<{ code: string }>(result);
    if (given) return given.code;
  }
}
