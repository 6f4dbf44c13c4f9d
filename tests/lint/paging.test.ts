/**
 * Server lists page through the kernel (server/kernel/lists.ts: `pagedRows`, the page and the count of
 * one select; `selectPage`, the page alone): drizzle's `.offset(` is written there and nowhere else
 * under server/, but for the exceptions below, each with its reason (before this rule there were 26
 * hand-written pages, each writing its joins twice for the count).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** How many times each file may write `.offset(`, and why. */
const ALLOWED: Record<string, { times: number; reason: string }> = {
  'server/kernel/lists.ts': { times: 1, reason: 'the helper itself (selectPage)' },
  'server/modules/products/catalogue-lists.ts': {
    times: 1,
    reason:
      "variant pages: searchedVariantPage takes a limit and an offset, as the bench's floor calls it (tests/bench/support/floor-server.ts)",
  },
  'server/modules/plans/plan-records.ts': {
    times: 1,
    reason:
      'systemOrderRecords takes { limit, offset } from its callers (system-orders.routes.ts, subscriptions.ts): not among the 26, to move with them',
  },
  'server/modules/system/shops.ts': {
    times: 1,
    reason: 'shopRecords takes { limit, offset } from shops.routes.ts: not among the 26, to move with it',
  },
};

/** The places a text writes `.offset(` (a drizzle select's OFFSET). */
function offsetCalls(text: string): number {
  return text.match(/\.offset\(/g)?.length ?? 0;
}

function serverFiles(): string[] {
  return fs
    .readdirSync(path.join(ROOT, 'server'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => `server/${file.split(path.sep).join('/')}`);
}

describe('paging in SQL', () => {
  it('finds a hand-written page, however it is spaced', () => {
    expect(offsetCalls('db.select().from(t).limit(query.limit).offset((query.page - 1) * query.limit)')).toBe(1);
    expect(offsetCalls('query\n  .limit(10)\n  .offset(20);\nother.offset(0)')).toBe(2);
    expect(offsetCalls('selectPage(select, [asc(t.id)], query)')).toBe(0);
  });

  it('writes .offset( only in the kernel and in the exceptions named, as often as named', () => {
    const found = Object.fromEntries(
      serverFiles()
        .map((file) => [file, offsetCalls(fs.readFileSync(path.join(ROOT, file), 'utf8'))] as const)
        .filter(([, times]) => times > 0),
    );
    const allowed = Object.fromEntries(Object.entries(ALLOWED).map(([file, { times }]) => [file, times]));
    expect(found).toEqual(allowed);
  });
});
